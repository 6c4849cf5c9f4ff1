package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/**
 * updatehostdb learns a visit id from a crawldb whose pages carry fingerprints, readhostdb shows
 * it, and the outlink normalizers of a job on that crawl drop it on its host only.
 */
public class LearnedParamsJobTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static CrawlDatum fetched(long fingerprint) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 1f);
    d.putMeta(MetadataKeys.FINGERPRINT, fingerprint);
    return d;
  }

  @Test
  public void aVisitIdIsLearnedShownAndDroppedOnItsHostOnly() throws Exception {
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", new File(tmp.getRoot(), "hadoop").getAbsolutePath());
    File crawl = tmp.newFolder("crawl");
    Path crawlDb = new Path(new File(crawl, "crawldb").getPath());
    Path hostDb = new Path(new File(crawl, "hostdb").getPath());
    TreeMap<String, CrawlDatum> urls = new TreeMap<>();
    long story = 0x5A5A_1234_0F0F_7777L;
    urls.put("http://www.shop.test/story/7?vid=a81k", fetched(story));
    urls.put("http://www.shop.test/story/7?vid=zz01", fetched(story ^ 0x10));
    urls.put("http://www.shop.test/story/7?vid=q", fetched(story ^ 0x3));
    for (int id = 1; id <= 4; id++) { // a real id: every value another item
      urls.put("http://www.shop.test/item?id=" + id, fetched(story * (id + 7) ^ (0xFFFFL << id)));
    }
    urls.put("http://blog.shop.test/post?vid=1", fetched(1));
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, urls);

    CommandRun update = CommandRun.run(conf, "updatehostdb", hostDb.toString(), crawlDb.toString());
    assertEquals(update.toString(), 0, update.exitCode);
    CommandRun shop =
        CommandRun.run(conf, "readhostdb", hostDb.toString(), "-host", "www.shop.test");
    assertTrue(shop.out, shop.out.contains("\"irrelevantParams\":{\"vid\":3}"));
    CommandRun blog =
        CommandRun.run(conf, "readhostdb", hostDb.toString(), "-host", "blog.shop.test");
    assertTrue(blog.out, blog.out.contains("\"irrelevantParams\":{}"));

    Configuration jobConf = new Configuration(conf);
    jobConf.set( // the shipped order (the fixtures' is empty)
        NetKeys.NORMALIZER_ORDER, CrawlerConfiguration.create().get(NetKeys.NORMALIZER_ORDER));
    HostDb.useLearnedParams(
        jobConf,
        HostDb.besideSegment(new Path(new File(crawl, "segments/20260101000001").getPath())));
    URLNormalizers outlinks = URLNormalizers.forScope(jobConf, URLNormalizers.SCOPE_OUTLINK);
    assertEquals(
        "http://www.shop.test/story/9",
        outlinks.normalize("http://www.shop.test/story/9?vid=new1", URLNormalizers.SCOPE_OUTLINK));
    assertEquals(
        "http://www.shop.test/item?id=5",
        outlinks.normalize("http://www.shop.test/item?id=5", URLNormalizers.SCOPE_OUTLINK));
    assertEquals(
        "http://blog.shop.test/post?vid=2",
        outlinks.normalize("http://blog.shop.test/post?vid=2", URLNormalizers.SCOPE_OUTLINK));
  }
}
