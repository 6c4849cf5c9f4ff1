package org.trawler.jobs.politeness;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.jobs.fetch.FetcherKeys;

/**
 * HostFetcher's politeness when several threads reach one host, as the sitemap job's do when host
 * A's robots.txt names a sitemap on host B while B's own sitemaps are being read: B's requests,
 * robots.txt included, still go one at a time, fetcher.server.delay apart.
 */
public class HostFetcherTest {
  private static final long DELAY_MS = 400;
  private static final long SERVE_MS = 150;

  private HttpServer server;
  private final List<long[]> requests = new ArrayList<>(); // {start, end} as the server saw them

  @Before
  public void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext(
        "/",
        exchange -> {
          long start = System.currentTimeMillis();
          try {
            Thread.sleep(SERVE_MS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          byte[] body =
              (exchange.getRequestURI().getPath().equals("/robots.txt")
                      ? "User-agent: *\nDisallow:\n"
                      : "<urlset/>")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "text/plain");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
          synchronized (requests) {
            requests.add(new long[] {start, System.currentTimeMillis()});
          }
        });
    server.start();
  }

  @After
  public void stop() {
    server.stop(0);
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  @Test
  public void threadsReachingOneHostTakeTurnsTheDelayApart() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(FetcherKeys.SERVER_DELAY, Double.toString(DELAY_MS / 1000.0));
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try (HostFetcher fetcher = new HostFetcher(conf, null)) {
      List<Future<ProtocolOutput>> outs = new ArrayList<>();
      for (int t = 0; t < 3; t++) {
        String path = "/sitemap-" + t + ".xml";
        outs.add(threads.submit(() -> fetcher.fetch(url(path))));
      }
      for (Future<ProtocolOutput> out : outs) {
        assertEquals(CrawlStatus.FETCH_SUCCESS, out.get().getStatus());
      }
    } finally {
      threads.shutdownNow();
    }
    requests.sort(Comparator.comparingLong(r -> r[0]));
    assertEquals("robots.txt and three sitemaps", 4, requests.size());
    for (int i = 1; i < requests.size(); i++) {
      long gap = requests.get(i)[0] - requests.get(i - 1)[1];
      // the client sees a request end a little after the server: the gap it keeps is at least this
      assertTrue("gap " + i + ": " + gap + " ms", gap >= DELAY_MS - 50);
    }
  }
}
