package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.cli.Main;

/**
 * fetcher.parse=true: the fetch task parses, the segment gets every parse part, and the crawl goes
 * on as usual.
 */
public class ParseInFetchTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void fetchTaskWritesTheParsePartsAndTheCrawlReachesTheSamePages() throws Exception {
    SiteModel site =
        SiteModel.builder().hosts(2).pages(20).outlinks(3).pageKb(1).port(0).seed(3).build();
    try (SimWebServer server = SimWebServer.builder(site).build().start()) {
      SiteModel web = server.site();
      File seeds = tmp.newFolder("seeds");
      web.writeSeeds(seeds.toPath(), false);
      Path crawl = new Path(tmp.newFolder("crawl").getAbsolutePath());
      Configuration conf = CrawlerConfiguration.create();
      conf.set("mapreduce.framework.name", "local");
      conf.set("fs.defaultFS", "file:///");
      conf.set("fetcher.server.delay", "0");
      conf.setBoolean("fetcher.parse", true);

      PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
      assertEquals(
          0,
          Main.run(
              new Configuration(conf),
              new String[] {"run", seeds.getPath(), crawl.toString(), "2"},
              quiet,
              System.err));

      Set<String> fetched = new TreeSet<>();
      int parsed = 0;
      for (FileStatus seg : crawl.getFileSystem(conf).listStatus(new Path(crawl, "segments"))) {
        Map<String, CrawlDatum> fetch =
            LocalJobFixtures.readAll(
                conf,
                new Path(seg.getPath(), Segment.CRAWL_FETCH),
                new CrawlDatum(),
                CrawlDatum::new);
        Map<String, Byte> parses =
            LocalJobFixtures.readAll(
                conf,
                new Path(seg.getPath(), Segment.PARSE_DATA),
                new ParseData(),
                ParseData::getStatus);
        for (Map.Entry<String, CrawlDatum> e : fetch.entrySet()) {
          boolean ok = e.getValue().getStatus() == CrawlStatus.FETCH_SUCCESS;
          assertEquals(e.getKey(), ok, parses.containsKey(e.getKey()));
        }
        assertTrue(
            seg.getPath() + " has parse_text",
            crawl.getFileSystem(conf).exists(new Path(seg.getPath(), Segment.PARSE_TEXT)));
        fetched.addAll(fetch.keySet());
        parsed += parses.size();
      }
      Set<String> within1 = new TreeSet<>();
      Set<String> within2 = new TreeSet<>();
      web.linkDepths()
          .forEach(
              (url, d) -> {
                if (d <= 1) {
                  within1.add(url);
                }
                if (d <= 2) {
                  within2.add(url);
                }
              });
      assertEquals(within1, fetched);
      assertTrue(parsed > 0);
      assertEquals(
          within2,
          LocalJobFixtures.readAll(
                  conf,
                  VersionedDb.current(new Path(crawl, "crawldb")),
                  new CrawlDatum(),
                  CrawlDatum::new)
              .keySet());
    }
  }
}
