package org.trawler.simweb.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.net.NetKeys;

/**
 * What the broad-web crawl tests share: a {@link BroadWeb} of a shape served on loopback, its seeds
 * in a file, and a local configuration that fetches from it (its hosts resolved to the server by
 * http.resolve, no politeness delay, eight fetch threads). Closing it stops the server.
 */
final class BroadWebCrawl implements AutoCloseable {
  final WebServer server;
  final BroadWeb web;

  /** The directory holding seeds.txt, as inject and run take it. */
  final Path seeds;

  /** A fresh configuration for each test to add its own settings to. */
  final Configuration conf;

  private BroadWebCrawl(WebServer server, Path seeds) {
    this.server = server;
    this.web = server.web();
    this.seeds = seeds;
    this.conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("fetcher.server.delay", "0");
    conf.set("fetcher.threads.fetch", "8");
    conf.set(NetKeys.RESOLVE, web.resolveSetting());
  }

  /**
   * Serves the web of {@code shape} with {@code threads} server threads; seeds under {@code tmp}.
   */
  static BroadWebCrawl start(WebShape shape, int threads, TemporaryFolder tmp) throws IOException {
    WebServer server = WebServer.start(BroadWeb.build(shape, 0), threads);
    try {
      Path seeds = tmp.newFolder().toPath();
      Files.write(seeds.resolve("seeds.txt"), server.web().seeds());
      return new BroadWebCrawl(server, seeds);
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  @Override
  public void close() {
    server.close();
  }
}
