package org.trawler.console.serve;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.CountDownLatch;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.Path;
import org.trawler.core.UserException;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.layout.CrawlDir;

/**
 * {@code serve <crawl_dir> [-port 8080] [-bind 127.0.0.1] [-index <index>]}: the read-only web
 * console over a crawl, until interrupted (Ctrl-C).
 */
public class ServeCommand extends CrawlTool {
  static final String DEFAULT_BIND = "127.0.0.1";
  static final int DEFAULT_PORT = 8080;

  @Override
  public String name() {
    return "serve";
  }

  @Override
  public String synopsis() {
    return "<crawl_dir> [-port 8080] [-bind 127.0.0.1] [-index <index>]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(valued("port", "port", "the port (default 8080; 0: any free port)"))
        .addOption(
            valued(
                "bind",
                "address",
                "the address to listen on (default 127.0.0.1: this machine only)"))
        .addOption(
            valued("index", "index", "the Lucene index to search (default crawl_dir/index)"));
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    CrawlDir crawl = new CrawlDir(new Path(cmd.getArgList().get(0)));
    if (!crawl.root().getFileSystem(getConf()).exists(crawl.crawlDb())) {
      throw new UserException("no crawl at " + crawl.root() + " (it has no crawldb)");
    }
    int port = intOption(cmd, "port", DEFAULT_PORT);
    if (port < 0 || port > 65535) {
      throw new UsageException("-port must be 0 to 65535, not " + port);
    }
    String bind = cmd.getOptionValue("bind", DEFAULT_BIND);
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      throw new UsageException("-bind: unknown address " + bind);
    }
    Path index =
        cmd.hasOption("index")
            ? new Path(cmd.getOptionValue("index"))
            : new Path(crawl.root(), "index");
    if (!address.isLoopbackAddress()) {
      err()
          .println(
              "trawler serve: WARNING: listening on "
                  + bind
                  + ": anyone who can reach this port can read the crawl");
    }
    CrawlData data = new CrawlData(getConf(), crawl, index);
    ConsoleServer server;
    try {
      server = ConsoleServer.start(data, new InetSocketAddress(address, port));
    } catch (java.net.BindException e) {
      throw new UserException("cannot listen on " + bind + ":" + port + ": " + e.getMessage());
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  stopped.countDown();
                }));
    out()
        .println(
            "serve: the console of "
                + crawl.root()
                + " is at "
                + server.base()
                + "/ (Ctrl-C stops it)");
    out().flush();
    stopped.await();
    return 0;
  }
}
