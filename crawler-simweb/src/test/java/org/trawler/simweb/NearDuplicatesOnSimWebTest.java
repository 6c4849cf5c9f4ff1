package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.LocalJobFixtures;

/**
 * dedup's near step on pages crawled from simweb: every real page gets a fingerprint through the
 * real parse and updatedb, and none of them is marked (simweb's pages are all different texts).
 */
public class NearDuplicatesOnSimWebTest {

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void noRealPageIsMarkedAndEachHasAFingerprint() throws Exception {
    try (SimWebServer server =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(3)
                    .pages(30)
                    .outlinks(4)
                    .pageKb(2)
                    .port(0)
                    .seed(38)
                    .redirectPct(10)
                    .notFoundPct(10)
                    .build())
            .build()
            .start()) {
      SiteModel web = server.site();
      File seeds = tmp.newFolder("seeds");
      web.writeSeeds(seeds.toPath(), true);
      Path crawl = new Path(tmp.newFolder("crawl").getAbsolutePath());
      Configuration conf = CrawlerConfiguration.create();
      conf.set("mapreduce.framework.name", "local");
      conf.set("fs.defaultFS", "file:///");
      conf.set("fetcher.server.delay", "0");
      conf.set("fetcher.threads.fetch", "8");
      EndToEndCrawl.runHere(conf, "run", seeds.getPath(), crawl.toString(), "1");
      String out = EndToEndCrawl.runHere(conf, "dedup", new Path(crawl, "crawldb").toString());

      Map<String, CrawlDatum> db =
          new TreeMap<>(
              LocalJobFixtures.readAll(
                  conf,
                  VersionedDb.current(new Path(crawl, "crawldb")),
                  new CrawlDatum(),
                  CrawlDatum::new));
      Set<String> real = new TreeSet<>();
      Set<String> withFingerprint = new TreeSet<>();
      Set<String> duplicates = new TreeSet<>();
      db.forEach(
          (url, d) -> {
            if (web.kindOf(url) == SiteModel.Kind.OK) {
              real.add(url);
            }
            if (d.getMetadata().containsKey(MetadataKeys.FINGERPRINT)) {
              withFingerprint.add(url);
            }
            if (d.getStatus() == CrawlStatus.DB_DUPLICATE) {
              duplicates.add(url);
            }
          });
      assertTrue(real.size() > 40);
      assertEquals(real, withFingerprint);
      assertEquals(Set.of(), duplicates);
      assertTrue(
          out,
          out.contains(
              "near duplicates (within 3 bits): 0 pairs among "
                  + real.size()
                  + " pages with a fingerprint, 0 buckets cut; 0 URLs marked"));
    }
  }
}
