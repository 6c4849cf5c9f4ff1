package org.trawler.jobs.linkdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.PartFiles;
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

  /** The linkdb as its readers see it: base and generations merged. */
  private Map<String, List<Outlink>> current() throws Exception {
    return LinkDbContents.read(conf, new Path(linkDb));
  }

  private CommandRun invert(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("invertlinks", linkDb));
    all.addAll(List.of(args));
    CommandRun run = CommandRun.run(conf, all.toArray(new String[0]));
    assertEquals(run.toString(), 0, run.exitCode);
    return run;
  }

  private List<String> generations() {
    String[] names = new File(linkDb, "current").list((d, n) -> n.startsWith("gen-"));
    List<String> sorted = new ArrayList<>(List.of(names));
    java.util.Collections.sort(sorted);
    return sorted;
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
  public void mergingEveryTimeRewritesTheLinkdbAndKeepsTheOldVersion() throws Exception {
    String seg1 =
        segment("20240101000000", Map.of("http://a/", new String[] {"http://c/", "from a"}));
    String seg2 =
        segment("20240102000000", Map.of("http://b/", new String[] {"http://c/", "from b"}));
    conf.setInt(LinkDbKeys.MAX_GENERATIONS, 0);
    assertEquals(0, CommandRun.run(conf, "invertlinks", linkDb, seg1).exitCode);
    assertEquals(0, CommandRun.run(conf, "invertlinks", linkDb, seg2).exitCode);
    assertEquals(
        List.of(new Outlink("http://a/", "from a"), new Outlink("http://b/", "from b")),
        current().get("http://c/"));
    assertTrue(new File(linkDb, "old").isDirectory());
    assertEquals(List.of(), generations());
    // Inverting a segment again adds nothing twice.
    assertEquals(0, CommandRun.run(conf, "invertlinks", linkDb, seg1).exitCode);
    assertEquals(2, current().get("http://c/").size());
  }

  @Test
  public void aSecondRunAddsAGenerationThatReadsAsOneWithTheBase() throws Exception {
    conf.set(LinkDbKeys.MAX_GENERATION_RATIO, "1000");
    String seg1 =
        segment(
            "20240101000000",
            Map.of("http://a/", new String[] {"http://c/", "from a", "http://d/", "d"}));
    String seg2 =
        segment("20240102000000", Map.of("http://b/", new String[] {"http://c/", "from b"}));
    invert(seg1);
    List<String> base = List.of(new File(linkDb, "current").list());
    CommandRun second = invert(seg2);
    assertTrue(
        second.out,
        second.out.contains(
            "1 URLs with inlinks in generation gen-000001 of " + linkDb + " (1 generation beside"));
    assertEquals(List.of("gen-000001"), generations());
    assertFalse("the backup is the last merge's", new File(linkDb, "old").exists());
    for (String name : base) {
      assertTrue(
          "the base is not rewritten: " + name, new File(linkDb, "current/" + name).exists());
    }
    List<Outlink> both =
        List.of(new Outlink("http://a/", "from a"), new Outlink("http://b/", "from b"));
    assertEquals(both, current().get("http://c/"));
    assertEquals(List.of(new Outlink("http://a/", "d")), current().get("http://d/"));
    assertEquals(null, current().get("http://a/"));
    // Inverting a segment again adds nothing twice.
    invert(seg1);
    assertEquals(both, current().get("http://c/"));
  }

  @Test
  public void anOldSingleVersionLinkdbIsReadAndExtended() throws Exception {
    Inlinks old = new Inlinks();
    old.add("http://a/", "from a");
    LocalJobFixtures.writeMapFile(
        conf,
        VersionedDb.current(new Path(linkDb)),
        Inlinks.class,
        new TreeMap<>(Map.of("http://c/", old)));
    assertEquals(List.of(new Outlink("http://a/", "from a")), current().get("http://c/"));
    conf.set(LinkDbKeys.MAX_GENERATION_RATIO, "1e9");
    invert(segment("20240101000000", Map.of("http://b/", new String[] {"http://c/", "from b"})));
    assertEquals(List.of("gen-000001"), generations());
    assertEquals(
        List.of(new Outlink("http://a/", "from a"), new Outlink("http://b/", "from b")),
        current().get("http://c/"));
  }

  @Test
  public void withNoRoomLeftTheNewestGenerationsAreMergedIntoOne() throws Exception {
    conf.setInt(LinkDbKeys.MAX_GENERATIONS, 2);
    conf.set(LinkDbKeys.MAX_GENERATION_RATIO, "1000");
    List<String> segments = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      segments.add(
          segment(
              "2024010" + (i + 1) + "000000",
              Map.of("http://p" + i + "/", new String[] {"http://t/", "from " + i})));
    }
    invert(segments.get(0));
    invert(segments.get(1));
    invert(segments.get(2));
    assertEquals(List.of("gen-000001", "gen-000002"), generations());
    CommandRun merged = invert(segments.get(3));
    assertTrue(
        merged.out,
        merged.out.contains(
            "in generation gen-000003 of "
                + linkDb
                + ", which merged the 2 newest (1 generation beside the base)"));
    assertEquals(List.of("gen-000003"), generations());
    assertFalse("the base was not rewritten", new File(linkDb, "old").exists());
    invert(segments.get(4));
    assertEquals(List.of("gen-000003", "gen-000004"), generations());
    assertEquals(5, current().get("http://t/").size());
  }

  @Test
  public void aCrashBeforeTheMergedGenerationsAreRemovedLeavesALinkdbThatReadsTheSame()
      throws Exception {
    conf.setInt(LinkDbKeys.MAX_GENERATIONS, 1);
    conf.set(LinkDbKeys.MAX_GENERATION_RATIO, "1000");
    List<String> segments = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      segments.add(
          segment(
              "2024010" + (i + 1) + "000000",
              Map.of(
                  "http://p" + i + "/",
                  new String[] {"http://t/", "from " + i, "http://u" + i + "/", "u"})));
    }
    invert(segments.get(0));
    invert(segments.get(1));
    File gen1 = new File(linkDb, "current/gen-000001");
    File kept = new File(tmp.getRoot(), "gen-000001");
    org.apache.commons.io.FileUtils.copyDirectory(gen1, kept);
    invert(segments.get(2));
    assertEquals(List.of("gen-000002"), generations());
    Map<String, List<Outlink>> installed = current();
    // what a crash between the install of gen-000002 and the removal of gen-000001 leaves
    org.apache.commons.io.FileUtils.copyDirectory(kept, gen1);
    assertEquals(List.of("gen-000001", "gen-000002"), generations());
    assertEquals(installed, current());
    invert(segments.get(3));
    assertEquals(List.of("gen-000003"), generations());
    assertEquals(4, current().get("http://t/").size());
    assertEquals(5, current().size());
  }

  @Test
  public void generationsLargeAgainstTheBaseAreMergedIntoIt() throws Exception {
    conf.set(LinkDbKeys.MAX_GENERATION_RATIO, "0");
    invert(segment("20240101000000", Map.of("http://a/", new String[] {"http://c/", "a"})));
    invert(segment("20240102000000", Map.of("http://b/", new String[] {"http://c/", "b"})));
    assertEquals(List.of("gen-000001"), generations());
    invert(segment("20240103000000", Map.of("http://d/", new String[] {"http://c/", "d"})));
    assertEquals(List.of(), generations());
    assertEquals(3, current().get("http://c/").size());
  }

  @Test
  public void generationsReadTheSameAsMergingEveryTimeWithTheCap() throws Exception {
    java.util.Random random = new java.util.Random(15);
    List<String> segments = new ArrayList<>();
    for (int s = 0; s < 7; s++) {
      Map<String, String[]> pages = new TreeMap<>();
      for (int p = 0; p < 20; p++) {
        String[] links = new String[10];
        for (int l = 0; l < links.length; l += 2) {
          links[l] = "http://t" + random.nextInt(15) + "/";
          links[l + 1] = "anchor " + random.nextInt(3);
        }
        pages.put("http://p" + random.nextInt(40) + "/", links);
      }
      segments.add(segment("2024010" + (s + 1) + "000000", pages));
    }
    conf.setInt(LinkDbKeys.MAX_INLINKS, 6);
    String generational = linkDb;
    String mergedEveryTime = new File(tmp.getRoot(), "crawl/linkdb-merged").getPath();
    // both kinds of merge happen: generations into one, and into the base
    conf.setInt(LinkDbKeys.MAX_GENERATIONS, 2);
    conf.set(LinkDbKeys.MAX_GENERATION_RATIO, "2");
    Configuration everyTime = new Configuration(conf);
    everyTime.setInt(LinkDbKeys.MAX_GENERATIONS, 0);
    List<String> kinds = new ArrayList<>();
    for (String segment : segments) {
      CommandRun run = CommandRun.run(conf, "invertlinks", generational, segment);
      assertEquals(run.toString(), 0, run.exitCode);
      kinds.add(
          run.out.contains("which merged")
              ? "merged"
              : run.out.contains("in generation") ? "added" : "into the base");
      assertEquals(0, CommandRun.run(everyTime, "invertlinks", mergedEveryTime, segment).exitCode);
      assertEquals(
          LinkDbContents.read(conf, new Path(mergedEveryTime)),
          LinkDbContents.read(conf, new Path(generational)));
    }
    assertEquals(
        "the rounds' merges: " + kinds,
        Set.of("added", "merged", "into the base"),
        Set.copyOf(kinds));
    assertEquals(6, current().get("http://t0/").size());
  }

  /** Every record of every part file of the linkdb's current version, as written, in order. */
  private static List<String> records(Configuration conf, String linkDb) throws Exception {
    List<String> lines = new ArrayList<>();
    for (Path file : LinkDb.parts(conf, new Path(linkDb))) {
      lines.add(file.getParent().getName());
      try (SequenceFile.Reader r = PartFiles.open(conf, file)) {
        Text url = new Text();
        Inlinks value = new Inlinks();
        while (r.next(url, value)) {
          lines.add(url + " <- " + value.getInlinks());
        }
      }
    }
    return lines;
  }

  @Test
  public void tasksCombiningInlinksWriteTheSameLinkdbRecordByRecord() throws Exception {
    java.util.Random random = new java.util.Random(31);
    List<String> segments = new ArrayList<>();
    for (int s = 0; s < 3; s++) {
      Map<String, String[]> pages = new TreeMap<>();
      for (int p = 0; p < 40; p++) {
        String[] links = new String[60];
        for (int l = 0; l < links.length; l += 2) {
          links[l] = "http://h" + random.nextInt(3) + "/t" + random.nextInt(25);
          links[l + 1] = "anchor " + random.nextInt(4);
        }
        pages.put("http://h" + random.nextInt(3) + "/p" + random.nextInt(200), links);
      }
      segments.add(segment("2024010" + (s + 1) + "000000", pages));
    }
    conf.setInt(LinkDbKeys.MAX_INLINKS, 12);
    List<String> oneRecordPerLink = null;
    for (int combine : new int[] {0, 7, LinkDbKeys.DEFAULT_COMBINE_INLINKS}) {
      String db = new File(tmp.getRoot(), "crawl/linkdb-" + combine).getPath();
      Configuration c = new Configuration(conf);
      c.setInt(LinkDbKeys.COMBINE_INLINKS, combine);
      List<String> args = new ArrayList<>(List.of("invertlinks", db));
      args.addAll(segments);
      CommandRun run = CommandRun.run(c, args.toArray(new String[0]));
      assertEquals(run.toString(), 0, run.exitCode);
      List<String> written = records(c, db);
      assertTrue(written.toString(), written.size() > 50);
      if (oneRecordPerLink == null) {
        oneRecordPerLink = written;
      } else {
        assertEquals("combine " + combine, oneRecordPerLink, written);
      }
    }
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
