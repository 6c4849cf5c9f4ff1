package org.trawler.jobs.linkdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/** invertlinks in local mode, on hand-written segments. */
public class LinkDbJobTest {

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private String linkDb;

  @Before
  public void setUp() {
    conf = LocalJobFixtures.localConf();
    linkDb = new File(tmp.getRoot(), "crawl/linkdb").getPath();
  }

  /**
   * A segment whose parse_data holds the given pages: url → {target, anchor, target, anchor, ...}.
   */
  private String segment(String name, Map<String, String[]> pages) throws Exception {
    Path segment = new Path(new File(tmp.getRoot(), "crawl/segments/" + name).getPath());
    TreeMap<String, ParseData> records = new TreeMap<>();
    for (Map.Entry<String, String[]> page : pages.entrySet()) {
      ParseData data = new ParseData(ParseData.SUCCESS, "", page.getKey());
      String[] links = page.getValue();
      for (int i = 0; i < links.length; i += 2) {
        data.getOutlinks().add(new Outlink(links[i], links[i + 1]));
      }
      records.put(page.getKey(), data);
    }
    LocalJobFixtures.writeMapFile(conf, new Path(segment, "parse_data"), ParseData.class, records);
    return segment.toString();
  }

  private Map<String, List<Outlink>> current() throws Exception {
    return LocalJobFixtures.readAll(
        conf,
        VersionedDb.current(new Path(linkDb)),
        new Inlinks(),
        in -> List.copyOf(in.getInlinks()));
  }

  @Test
  public void invertsTheLinksOfAllSegmentsIntoANewLinkdb() throws Exception {
    String seg1 =
        segment(
            "20240101000000",
            Map.of("http://a/", new String[] {"http://b/", "b from a", "http://c/", "c from a"}));
    String seg2 =
        segment("20240102000000", Map.of("http://b/", new String[] {"http://c/", "c from b"}));
    CommandRun run = CommandRun.run(conf, "invertlinks", linkDb, seg1, seg2);
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("2 URLs with inlinks"));
    Map<String, List<Outlink>> db = current();
    assertEquals(List.of("http://b/", "http://c/"), List.copyOf(db.keySet()));
    assertEquals(List.of(new Outlink("http://a/", "b from a")), db.get("http://b/"));
    assertEquals(
        List.of(new Outlink("http://a/", "c from a"), new Outlink("http://b/", "c from b")),
        db.get("http://c/"));
    assertFalse(new File(linkDb, ".locked").exists());
  }

  @Test
  public void aSecondRunMergesWithTheExistingLinkdbAndKeepsTheOldVersion() throws Exception {
    String seg1 =
        segment("20240101000000", Map.of("http://a/", new String[] {"http://c/", "from a"}));
    String seg2 =
        segment("20240102000000", Map.of("http://b/", new String[] {"http://c/", "from b"}));
    assertEquals(0, CommandRun.run(conf, "invertlinks", linkDb, seg1).exitCode);
    assertEquals(0, CommandRun.run(conf, "invertlinks", linkDb, seg2).exitCode);
    assertEquals(
        List.of(new Outlink("http://a/", "from a"), new Outlink("http://b/", "from b")),
        current().get("http://c/"));
    assertTrue(new File(linkDb, "old").isDirectory());
    // Inverting a segment again adds nothing twice.
    assertEquals(0, CommandRun.run(conf, "invertlinks", linkDb, seg1).exitCode);
    assertEquals(2, current().get("http://c/").size());
  }

  @Test
  public void inlinksPerUrlAreCappedKeepingTheFirstLinkingPages() throws Exception {
    Map<String, String[]> pages = new TreeMap<>();
    for (String from : new String[] {"http://d/", "http://b/", "http://e/", "http://a/"}) {
      pages.put(from, new String[] {"http://t/", "to t", "http://u/", "x".repeat(200)});
    }
    String seg = segment("20240101000000", pages);
    CommandRun run =
        CommandRun.run(conf, "invertlinks", linkDb, seg, "-D", LinkDbKeys.MAX_INLINKS + "=2");
    assertEquals(run.toString(), 0, run.exitCode);
    assertEquals(
        List.of(new Outlink("http://a/", "to t"), new Outlink("http://b/", "to t")),
        current().get("http://t/"));
    assertEquals(100, current().get("http://u/").get(0).getAnchor().length());
  }

  @Test
  public void aSegmentWithoutParseDataFailsWithOneClearLine() throws Exception {
    String parsed = segment("20240101000000", Map.of("http://a/", new String[] {"http://b/", "b"}));
    File unparsed = new File(tmp.getRoot(), "crawl/segments/20240102000000/crawl_generate");
    assertTrue(unparsed.mkdirs());
    CommandRun run = CommandRun.run(conf, "invertlinks", linkDb, parsed, unparsed.getParent());
    assertEquals(3, run.exitCode);
    assertEquals(run.toString(), 1, run.errLines().length);
    assertTrue(run.err, run.err.contains("has no parse_data"));
    assertFalse(new File(linkDb, "current").exists());
  }

  @Test
  public void dirInvertsEveryParsedSegmentAndSkipsUnparsedOnes() throws Exception {
    segment("20240101000000", Map.of("http://a/", new String[] {"http://c/", "from a"}));
    segment("20240102000000", Map.of("http://b/", new String[] {"http://c/", "from b"}));
    assertTrue(new File(tmp.getRoot(), "crawl/segments/20240103000000/crawl_generate").mkdirs());
    CommandRun run =
        CommandRun.run(
            conf,
            "invertlinks",
            linkDb,
            "-dir",
            new File(tmp.getRoot(), "crawl/segments").getPath());
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("from 2 segments"));
    assertEquals(2, current().get("http://c/").size());
  }

  @Test
  public void noSegmentsIsAUsageError() throws Exception {
    CommandRun run = CommandRun.run(conf, "invertlinks", linkDb);
    assertEquals(2, run.exitCode);
    assertTrue(run.err, run.err.contains("usage: bin/crawl invertlinks"));
  }

  @Test
  public void aHeldLockFailsAtOnceNamingIt() throws Exception {
    String seg = segment("20240101000000", Map.of("http://a/", new String[] {"http://b/", "b"}));
    assertTrue(new File(linkDb).mkdirs());
    assertTrue(new File(linkDb, ".locked").createNewFile());
    CommandRun run = CommandRun.run(conf, "invertlinks", linkDb, seg);
    assertEquals(3, run.exitCode);
    assertTrue(run.err, run.err.contains("linkdb is locked") && run.err.contains(".locked"));
    assertEquals(0, CommandRun.run(conf, "invertlinks", linkDb, seg, "-force").exitCode);
  }
}
