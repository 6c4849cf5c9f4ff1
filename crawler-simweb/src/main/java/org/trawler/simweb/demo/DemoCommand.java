package org.trawler.simweb.demo;

import java.io.File;
import java.nio.file.Paths;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.trawler.console.report.ReportCommand;
import org.trawler.core.UserException;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.crawl.RunCommand;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.index.SearchCommand;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.jobs.read.CrawlDbReader;
import org.trawler.simweb.ServedAddresses;
import org.trawler.simweb.SimWebServer;
import org.trawler.simweb.SiteModel;

/**
 * {@code demo}: starts a {@link SimWebServer} in this JVM (5 hosts × 200 pages on 127.0.0.2–6),
 * writes its seeds, crawls it with {@code run} for 3 rounds into ./crawl-demo with settings suited
 * to loopback, indexing each round, and prints the crawldb statistics, the result of a search and
 * where the crawl's report is.
 */
public class DemoCommand extends CrawlTool {
  /** Marks a directory as made by demo, so that the next demo may replace it. */
  static final String MARKER = ".trawler-demo";

  @Override
  public String name() {
    return "demo";
  }

  @Override
  public String synopsis() {
    return "[--dir DIR] [--rounds N] [--hosts H] [--pages P]";
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {0, 0};
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(
        valued(
            "dir",
            "DIR",
            "crawl directory (default ./crawl-demo; a previous demo crawl there is replaced)"));
    o.addOption(valued("rounds", "N", "crawl rounds (default 3)"));
    o.addOption(valued("hosts", "H", "simweb hosts (default 5)"));
    o.addOption(valued("pages", "P", "pages per host (default 200)"));
    return o;
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    if (!CrawlJob.isLocal(getConf())) {
      throw new UserException(
          "demo runs in local mode only: its website is on this machine's loopback addresses,"
              + " which cluster nodes cannot reach (bin/crawl runs it locally)",
          UserException.USAGE);
    }
    String dir = cmd.getOptionValue("dir", "crawl-demo");
    int rounds = atLeastOne(cmd, "rounds", 3);
    int hosts = atLeastOne(cmd, "hosts", 5);
    int pages = atLeastOne(cmd, "pages", 200);
    File crawlDir = new File(dir).getAbsoluteFile();
    String[] existing = crawlDir.list();
    if (crawlDir.isFile()
        || (existing != null && existing.length > 0 && !new File(crawlDir, MARKER).exists())) {
      // Only a directory this command made is replaced: --dir pointing at real data must not wipe
      // it.
      throw new UserException(
          crawlDir
              + " exists and is not a previous demo crawl (it has no "
              + MARKER
              + "): give a new --dir");
    }
    if (crawlDir.exists()) {
      out().println("demo: removing the previous demo crawl in " + crawlDir);
      FileUtil.fullyDelete(crawlDir);
    }
    if (!crawlDir.mkdirs() || !new File(crawlDir, MARKER).createNewFile()) {
      throw new UserException("cannot create the demo crawl directory " + crawlDir);
    }
    CrawlDir crawl = new CrawlDir(new Path(crawlDir.getPath()));
    SiteModel site =
        SiteModel.builder()
            .hosts(hosts)
            .pages(pages)
            .outlinks(10)
            .pageKb(8)
            .port(0)
            .seed(42)
            .build();
    try (SimWebServer server = SimWebServer.builder(site).build()) {
      server.start();
      SiteModel web = server.site();
      out().println("demo: " + server.describe());
      java.nio.file.Path seeds =
          web.writeSeeds(Paths.get(crawlDir.getPath(), "seeds"), false).getParent();
      out().println("demo: seeds in " + seeds + ": " + web.seeds());

      Configuration conf = loopbackConf(getConf(), web.addresses());
      long start = System.nanoTime();
      RunCommand run = new RunCommand();
      run.setConf(conf);
      run.printTo(out(), err());
      run.crawl(
          new Path(seeds.toString()), crawl, rounds, Generator.Settings.DEFAULTS, index(crawl));
      double seconds = (System.nanoTime() - start) / 1e9;
      long requests = server.requests().total();
      out()
          .printf(
              "demo: %d rounds in %.1f s; the site answered %d requests (%.1f per second)%n",
              rounds, seconds, requests, requests / seconds);
    }
    out().println();
    out()
        .print(
            CrawlDbReader.stats(
                    getConf(), VersionedDb.currentForReading(getConf(), crawl.crawlDb()))
                .table(crawl.crawlDb().toString()));
    out().println();
    String query = SiteModel.MARKER_WORD;
    out()
        .println(
            "The crawl was indexed round by round. A search for '"
                + query
                + "', a word the site puts on a tenth of its pages:");
    out().println("$ bin/crawl search " + dir + "/index " + query + " -n 3");
    SearchCommand search = new SearchCommand();
    search.setConf(new Configuration(getConf()));
    search.printTo(out(), err());
    search.run(new String[] {index(crawl).toString(), query, "-n", "3"});
    out().println();
    ReportCommand.Written report = ReportCommand.write(new Configuration(getConf()), crawl, null);
    out()
        .println(
            "The crawl's report (charts, hosts, status codes): " + report.html().toUri().getPath());
    out().println("  open it in a browser, or look around the crawl and search it in the console:");
    out().println("  bin/crawl serve " + dir + "   # then open http://127.0.0.1:8080/");
    out().println();
    out().println("The crawl is in " + crawlDir + ". Next:");
    out()
        .println(
            "  bin/crawl search "
                + dir
                + "/index 'lantern AND harbor' -n 5   # Lucene query syntax; -json for JSON");
    out()
        .println(
            "  bin/crawl readdb " + dir + "/crawldb -dump out -format json   # every URL as JSON");
    out()
        .println(
            "  bin/crawl readseg -list "
                + dir
                + "/segments/*                # what each round did");
    out()
        .println(
            "  bin/crawl simweb --hosts 5 --pages 200   # serve the site yourself, then bin/crawl run ...");
    return 0;
  }

  /** Where the demo's index is: beside the crawldb. */
  private static Path index(CrawlDir crawl) {
    return new Path(crawl.root(), "index");
  }

  private static int atLeastOne(CommandLine cmd, String option, int defaultValue)
      throws UsageException {
    int value = intOption(cmd, option, defaultValue);
    if (value < 1) {
      throw new UsageException("--" + option + " must be at least 1, not " + value);
    }
    return value;
  }

  /**
   * The crawl's settings: loopback is fast and ours, so a short politeness delay and many threads
   * (still one request per host at a time), unless the user gave the key (-D, trawler-site.xml);
   * the address policy lets the site's own addresses through, no other.
   */
  static Configuration loopbackConf(Configuration given, List<String> served) {
    Configuration conf = new Configuration(given);
    ServedAddresses.allow(conf, served, "trawler demo");
    setUnlessGiven(conf, PolitenessKeys.SERVER_DELAY, "0.05");
    setUnlessGiven(conf, ProtocolKeys.FETCHER_THREADS, "10");
    setUnlessGiven(conf, FetcherKeys.PROGRESS_INTERVAL, "5");
    setUnlessGiven(conf, ProtocolKeys.TIMEOUT, "5000");
    return conf;
  }

  private static void setUnlessGiven(Configuration conf, String key, String value) {
    if (!CrawlJob.userSet(conf, key)) {
      conf.set(key, value, "trawler demo");
    }
  }
}
