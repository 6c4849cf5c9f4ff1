package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcTargetRecord;

public class WarcFilesTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static final Pattern OFFSET_LENGTH =
      Pattern.compile("\"length\":\"(\\d+)\",\"offset\":\"(\\d+)\"");

  private final Map<String, Long> counts = new TreeMap<>();

  private WarcArchive archive(File dir, long maxSize) throws Exception {
    Configuration conf = new Configuration(false);
    conf.setLong(WarcKeys.MAX_SIZE, maxSize);
    conf.setBoolean(WarcKeys.CDX, true);
    conf.set(WarcKeys.PREFIX, "test");
    return WarcArchive.open(
        conf, new Path(dir.getPath()), 3, (g, n, a) -> counts.merge(n, a, Long::sum));
  }

  @Test
  public void namesArePrefixTimestampTaskAndSerial() {
    assertEquals(
        "p-20260102030405-00003-00012.warc.gz",
        WarcFiles.fileName("p", Instant.parse("2026-01-02T03:04:05Z"), 3, 12));
  }

  @Test
  public void filesRotateAtTheSizeLimitEachStartingWithWarcinfo() throws Exception {
    File dir = tmp.newFolder();
    try (WarcArchive archive = archive(dir, 2000)) {
      for (int i = 0; i < 20; i++) {
        archive.add(
            TestCaptures.page("http://a.test/" + i, 1000 + i, "page " + i + " ".repeat(i), false));
      }
    }
    File[] warcs = dir.listFiles((d, n) -> n.endsWith(".warc.gz"));
    Arrays.sort(warcs);
    assertTrue("rotated into several files: " + Arrays.toString(warcs), warcs.length > 2);
    int responses = 0;
    for (File warc : warcs) {
      assertTrue(warc.getName(), warc.getName().matches("test-\\d{14}-00003-\\d{5}\\.warc\\.gz"));
      List<WarcRecord> records = WarcReading.records(warc);
      assertEquals("warcinfo", records.get(0).type());
      for (WarcRecord r : records) {
        responses += r.type().equals("response") ? 1 : 0;
      }
    }
    assertEquals(20, responses);
    assertEquals(Long.valueOf(warcs.length), counts.get("files"));
    assertEquals(0, dir.listFiles((d, n) -> n.endsWith(WarcFiles.OPEN_SUFFIX)).length);
  }

  @Test
  public void everyCdxjLineLeadsToItsRecordAsOneGzipMember() throws Exception {
    File dir = tmp.newFolder();
    try (WarcArchive archive = archive(dir, 1L << 30)) {
      archive.add(TestCaptures.page("http://b.test/", 1000, "b", false));
      archive.add(TestCaptures.page("http://a.test/", 2000, "a", false));
      archive.add(TestCaptures.notFound("http://c.test/x", 3000));
    }
    File warc = dir.listFiles((d, n) -> n.endsWith(".warc.gz"))[0];
    File cdxj = new File(dir, warc.getName().replace(".warc.gz", ".cdxj"));
    List<String> lines = Files.readAllLines(cdxj.toPath());
    assertEquals(3, lines.size());
    List<String> sorted = new ArrayList<>(lines);
    sorted.sort(null);
    assertEquals("sorted by SURT", sorted, lines);
    assertTrue(lines.get(0), lines.get(0).startsWith("test,a)/ 19700101000002 {"));
    for (String line : lines) {
      Matcher m = OFFSET_LENGTH.matcher(line);
      assertTrue(line, m.find());
      WarcRecord r =
          WarcReading.recordAt(warc, Long.parseLong(m.group(2)), Long.parseLong(m.group(1)));
      assertEquals("response", r.type());
      assertTrue(line, line.contains("\"url\":\"" + ((WarcTargetRecord) r).target() + "\""));
    }
  }

  @Test
  public void anAbortedFileLeavesNothing() throws Exception {
    File dir = tmp.newFolder();
    WarcArchive archive = archive(dir, 1L << 30);
    archive.add(TestCaptures.page("http://a.test/", 1000, "a", false));
    archive.abort();
    assertEquals(0, dir.listFiles((d, n) -> !n.startsWith(".")).length);
    assertFalse(counts.containsKey("files"));
  }
}
