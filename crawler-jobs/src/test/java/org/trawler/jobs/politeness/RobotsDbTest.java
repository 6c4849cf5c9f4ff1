package org.trawler.jobs.politeness;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.store.DbTransaction;

public class RobotsDbTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static RobotsTxt file(long now, String text) {
    return RobotsTxt.file(
        now, "http://a.test/robots.txt", text.getBytes(StandardCharsets.UTF_8), "text/plain");
  }

  /** A fetch task's crawl_robots part file: answers sorted by site. */
  private static void fetched(Configuration conf, Path segment, String part, Object... siteAnswer)
      throws IOException {
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(new Path(segment, RobotsDb.SEGMENT_PART), part)),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(RobotsTxt.class))) {
      for (int i = 0; i < siteAnswer.length; i += 2) {
        w.append(new Text((String) siteAnswer[i]), (RobotsTxt) siteAnswer[i + 1]);
      }
    }
  }

  private static void merge(Configuration conf, Path db, Path segment) throws Exception {
    try (DbTransaction tx = DbTransaction.begin(conf, db, "robots db", false)) {
      RobotsDb.merge(conf, db, segment, tx.newVersion());
      tx.commit();
    }
  }

  @Test
  public void answersWrittenOutsideASegmentAreKeptTheSameWay() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("fs.defaultFS", "file:///");
    Path crawl = new Path(tmp.getRoot().getAbsolutePath());
    Path db = new Path(crawl, "robots");
    Path work = new Path(crawl, "sitemap-robots-1");
    TreeMap<String, RobotsTxt> asked = new TreeMap<>();
    asked.put("http://b.test", RobotsTxt.missing(2000, "http_404"));
    asked.put("http://a.test", file(2000, "User-agent: *\nDisallow: /x\n"));
    RobotsDb.writeAnswers(conf, work, "attempt_1_m_000000_0", asked);
    assertEquals(
        "only the finished part is there",
        List.of(new Path(work, RobotsDb.SEGMENT_PART + "/part-attempt_1_m_000000_0").toString()),
        listParts(conf, new Path(work, RobotsDb.SEGMENT_PART)));
    RobotsDb.keep(conf, db, work, false);
    try (RobotsDb.Reader reader = new RobotsDb.Reader(conf, db)) {
      assertEquals("ok", reader.get("http://a.test").getReason());
      assertEquals("http_404", reader.get("http://b.test").getReason());
    }
  }

  private static List<String> listParts(Configuration conf, Path dir) throws IOException {
    List<String> names = new ArrayList<>();
    for (FileStatus st : dir.getFileSystem(conf).listStatus(dir)) {
      if (!st.getPath().getName().endsWith(".crc")) {
        names.add(Path.getPathWithoutSchemeAndAuthority(st.getPath()).toString());
      }
    }
    return names;
  }

  @Test
  public void eachFetchMergesItsAnswersTheNewestPerSiteWinning() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("fs.defaultFS", "file:///");
    Path crawl = new Path(tmp.getRoot().getAbsolutePath());
    Path db = new Path(crawl, "robots");
    RobotsTxt a1 = file(1000, "User-agent: *\nDisallow: /old\n");
    Path first = new Path(crawl, "segments/1");
    fetched(conf, first, "part-m-00000", "http://a.test", a1, "http://c.test", file(1000, ""));
    fetched(conf, first, "part-m-00001", "http://b.test", RobotsTxt.missing(1000, "http_404"));
    merge(conf, db, first);

    RobotsTxt a2 = RobotsTxt.unreachable(5000, "http_503").after(a1);
    Path second = new Path(crawl, "segments/2");
    fetched(conf, second, "part-m-00000", "http://a.test", a2, "http://d.test", file(5000, ""));
    merge(conf, db, second);

    try (RobotsDb.Reader reader = new RobotsDb.Reader(conf, db)) {
      assertEquals(a2.toString(), reader.get("http://a.test").toString());
      assertEquals("http_404", reader.get("http://b.test").getReason());
      assertEquals(1000, reader.get("http://c.test").getCheckedTime());
      assertEquals(5000, reader.get("http://d.test").getCheckedTime());
      assertNull(reader.get("http://e.test"));
    }
  }

  @Test
  public void aMissingDbHasNoAnswers() throws Exception {
    Configuration conf = new Configuration();
    try (RobotsDb.Reader none = new RobotsDb.Reader(conf, null);
        RobotsDb.Reader empty =
            new RobotsDb.Reader(conf, new Path(tmp.getRoot().getAbsolutePath(), "robots"))) {
      assertNull(none.get("http://a.test"));
      assertNull(empty.get("http://a.test"));
    }
  }

  @Test
  public void theNewestAnswerWins() {
    RobotsTxt old = file(1, "");
    RobotsTxt young = RobotsTxt.missing(2, "http_404");
    assertEquals(young, RobotsDb.newest(List.of(old, young)));
    assertEquals(young, RobotsDb.newest(List.of(young, old)));
    // the same answer again with its site's tdmrep.json, asked after robots.txt: that copy
    RobotsTxt withTdmRep = young.withTdmRep(RobotsTxt.TDMREP_OK, new byte[] {'[', ']'});
    assertEquals(withTdmRep, RobotsDb.newest(List.of(withTdmRep, young)));
    assertEquals(withTdmRep, RobotsDb.newest(List.of(young, withTdmRep)));
  }

  @Test
  public void theDbIsBesideTheSegmentsDirectoryOrConfigured() {
    Configuration conf = new Configuration(false);
    assertEquals(
        new Path("/data/crawl/robots"),
        RobotsDb.locate(conf, new Path("/data/crawl/segments/20260101000000")));
    assertNull(
        "a segment outside a crawl's segments/ has none",
        RobotsDb.locate(conf, new Path("/tmp/seg/20260101000000")));
    conf.set(PolitenessKeys.ROBOTS_DB, "/shared/robots");
    assertEquals(
        new Path("/shared/robots"), RobotsDb.locate(conf, new Path("/tmp/seg/20260101000000")));
  }
}
