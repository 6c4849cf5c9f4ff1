package org.trawler.jobs.read;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CommandRun;

/** readseg on a segment written by hand with MapFile and SequenceFile writers. */
public class SegmentReaderTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private Path segment;

  private static CrawlDatum datum(CrawlStatus status, long time) {
    CrawlDatum d = new CrawlDatum(status, 600, 1f);
    d.setFetchTime(time);
    return d;
  }

  /** Unsorted, as a fetch list or crawl_parse is. */
  private void sequenceFile(String part, String file, Object... urlsAndRecords) throws IOException {
    Path path = new Path(new Path(segment, part), file);
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(path),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(urlsAndRecords[1].getClass()))) {
      for (int i = 0; i < urlsAndRecords.length; i += 2) {
        w.append(new Text((String) urlsAndRecords[i]), (Writable) urlsAndRecords[i + 1]);
      }
    }
  }

  /** Sorted by URL, as MapFile requires. */
  private void mapFile(String part, String file, Object... urlsAndRecords) throws IOException {
    Map<String, Writable> sorted = new TreeMap<>();
    for (int i = 0; i < urlsAndRecords.length; i += 2) {
      sorted.put((String) urlsAndRecords[i], (Writable) urlsAndRecords[i + 1]);
    }
    Path path = new Path(new Path(segment, part), file);
    try (MapFile.Writer w =
        new MapFile.Writer(
            conf,
            path,
            MapFile.Writer.keyClass(Text.class),
            MapFile.Writer.valueClass(urlsAndRecords[1].getClass().asSubclass(Writable.class)))) {
      for (Map.Entry<String, Writable> e : sorted.entrySet()) {
        w.append(new Text(e.getKey()), e.getValue());
      }
    }
  }

  @Before
  public void setUp() throws Exception {
    conf = CrawlerConfiguration.create();
    segment = new Path(tmp.getRoot().getPath(), "segments/20240101000000");
    sequenceFile(
        Segment.CRAWL_GENERATE,
        "part-r-00000",
        "http://c.com/",
        datum(CrawlStatus.DB_UNFETCHED, 1),
        "http://a.com/",
        datum(CrawlStatus.DB_UNFETCHED, 2));
    sequenceFile(
        Segment.CRAWL_GENERATE,
        "part-r-00001",
        "http://d.com/",
        datum(CrawlStatus.DB_UNFETCHED, 3),
        "http://b.com/",
        datum(CrawlStatus.DB_FETCHED, 4));
    mapFile(
        Segment.CRAWL_FETCH,
        "part-r-00000",
        "http://a.com/",
        datum(CrawlStatus.FETCH_SUCCESS, 10),
        "http://c.com/",
        datum(CrawlStatus.FETCH_GONE, 11));
    mapFile(
        Segment.CRAWL_FETCH, "part-r-00001", "http://b.com/", datum(CrawlStatus.FETCH_SUCCESS, 12));
    Content a =
        new Content(
            "http://a.com/",
            "http://a.com/",
            "<html>Hi</html>".getBytes(StandardCharsets.UTF_8),
            "text/html",
            false);
    a.getHeaders().put("Content-Type", "text/html; charset=\"utf-8\"");
    Content b =
        new Content("http://b.com/", "http://b.com/", new byte[100], "application/pdf", true);
    mapFile(Segment.CONTENT, "part-r-00000", "http://b.com/", b, "http://a.com/", a);
    sequenceFile(
        Segment.CRAWL_PARSE,
        "part-r-00000",
        "http://x.com/",
        datum(CrawlStatus.LINKED, 0),
        "http://a.com/",
        datum(CrawlStatus.SIGNATURE, 0),
        "http://y.com/",
        datum(CrawlStatus.LINKED, 0));
    ParseData parse = new ParseData(ParseData.SUCCESS, "", "Hi ✓");
    parse.getMeta().put("usage.ai-train", "no");
    parse.getMeta().put("usage.ai-train.from", "robots.txt:*");
    parse.getOutlinks().add(new Outlink("http://x.com/", "X"));
    parse.getOutlinks().add(new Outlink("http://y.com/", ""));
    mapFile(
        Segment.PARSE_DATA,
        "part-r-00000",
        "http://a.com/",
        parse,
        "http://b.com/",
        new ParseData(ParseData.NOT_PARSED, "no parser", ""));
    mapFile(Segment.PARSE_TEXT, "part-r-00000", "http://a.com/", new ParseText("Hi"));
  }

  @Test
  public void listCountsTheRecordsOfEveryPart() throws Exception {
    Path second = new Path(tmp.getRoot().getPath(), "segments/20240102000000");
    Path keep = segment;
    segment = second;
    sequenceFile(
        Segment.CRAWL_GENERATE,
        "part-r-00000",
        "http://a.com/",
        datum(CrawlStatus.DB_UNFETCHED, 1));
    segment = keep;
    CommandRun run =
        CommandRun.run(conf, "readseg", "-list", segment.toString(), second.toString());
    assertEquals(run.toString(), 0, run.exitCode);
    String pad = " ".repeat(segment.toString().length() - "segment".length());
    assertEquals(
        "segment"
            + pad
            + "  crawl_generate  crawl_fetch  content  crawl_parse  parse_data  parse_text\n"
            + segment
            + "               4            3        2            3           2           1\n"
            + second
            + "               1            -        -            -           -           -\n",
        run.out);
  }

  @Test
  public void dumpJoinsThePartsOfEachUrlInUrlOrder() throws Exception {
    java.nio.file.Path out = tmp.getRoot().toPath().resolve("out");
    CommandRun run = CommandRun.run(conf, "readseg", "-dump", segment.toString(), out.toString());
    assertEquals(run.toString(), 0, run.exitCode);
    assertEquals("readseg: wrote 4 URLs to " + out.resolve("dump.jsonl") + "\n", run.out);
    List<String> lines = Files.readAllLines(out.resolve("dump.jsonl"), StandardCharsets.UTF_8);
    assertEquals(4, lines.size());
    String datumA =
        "\"retries\":0,\"fetchInterval\":600,\"score\":1,\"signature\":null,\"modifiedTime\":0,"
            + "\"modifiedTimeIso\":null,\"metadata\":{}}";
    assertEquals(
        "{\"url\":\"http://a.com/\","
            + "\"generate\":{\"status\":\"db_unfetched\",\"fetchTime\":2,"
            + "\"fetchTimeIso\":\"1970-01-01T00:00:00.002Z\","
            + datumA
            + ","
            + "\"fetch\":{\"status\":\"fetch_success\",\"fetchTime\":10,"
            + "\"fetchTimeIso\":\"1970-01-01T00:00:00.010Z\","
            + datumA
            + ","
            + "\"content\":{\"contentType\":\"text/html\",\"length\":15,\"truncated\":false,"
            + "\"headers\":{\"Content-Type\":\"text/html; charset=\\\"utf-8\\\"\"}},"
            + "\"parse\":{\"status\":\"success\",\"title\":\"Hi ✓\",\"outlinks\":[{\"url\":\"http://x.com/\",\"anchor\":\"X\"},"
            + "{\"url\":\"http://y.com/\",\"anchor\":\"\"}],"
            + "\"signals\":{\"usage.ai-train\":{\"value\":\"no\",\"from\":\"robots.txt:*\"}}},"
            + "\"textLength\":2}",
        lines.get(0));
    ObjectMapper mapper = new ObjectMapper();
    var b = mapper.readTree(lines.get(1));
    assertEquals("http://b.com/", b.get("url").asText());
    assertEquals("db_fetched", b.get("generate").get("status").asText());
    assertTrue(b.get("content").get("truncated").asBoolean());
    assertEquals(100, b.get("content").get("length").asInt());
    assertEquals("notparsed", b.get("parse").get("status").asText());
    assertTrue(b.get("textLength").isNull());
    var c = mapper.readTree(lines.get(2));
    assertEquals("fetch_gone", c.get("fetch").get("status").asText());
    assertTrue(c.get("content").isNull());
    var d = mapper.readTree(lines.get(3));
    assertEquals("http://d.com/", d.get("url").asText());
    assertTrue("d.com was generated but not fetched", d.get("fetch").isNull());
    assertFalse(
        "crawl_parse link targets are not pages of the segment",
        lines.toString().contains("http://x.com/\",\"generate"));
    assertEquals(
        "only the dump is left",
        List.of("dump.jsonl"),
        List.of(out.toFile().list()).stream().filter(n -> !n.endsWith(".crc")).toList());
  }

  @Test
  public void dumpOfAGeneratedOnlySegmentHasNoFetchKeys() throws Exception {
    segment = new Path(tmp.getRoot().getPath(), "segments/20240103000000");
    sequenceFile(
        Segment.CRAWL_GENERATE,
        "part-r-00000",
        "http://b.com/",
        datum(CrawlStatus.DB_UNFETCHED, 1),
        "http://a.com/",
        datum(CrawlStatus.DB_UNFETCHED, 2));
    java.nio.file.Path out = tmp.getRoot().toPath().resolve("out");
    CommandRun run = CommandRun.run(conf, "readseg", "-dump", segment.toString(), out.toString());
    assertEquals(run.toString(), 0, run.exitCode);
    List<String> lines = Files.readAllLines(out.resolve("dump.jsonl"), StandardCharsets.UTF_8);
    assertEquals(2, lines.size());
    assertTrue(lines.get(0).startsWith("{\"url\":\"http://a.com/\",\"generate\":{"));
    assertFalse(lines.get(0).contains("\"fetch\""));
  }

  @Test
  public void mistakesGetOneLineOrTheUsage() throws Exception {
    CommandRun missing = CommandRun.run(conf, "readseg", "-list", tmp.getRoot() + "/nope");
    assertEquals(3, missing.exitCode);
    assertEquals("trawler readseg: no segment at " + tmp.getRoot() + "/nope\n", missing.err);

    CommandRun both = CommandRun.run(conf, "readseg", "-list", "-dump", segment.toString());
    assertEquals(2, both.exitCode);
    assertTrue(
        both.err,
        both.err.startsWith("trawler readseg: give -list or -dump\nusage: bin/crawl readseg"));

    CommandRun oneArg = CommandRun.run(conf, "readseg", "-dump", segment.toString());
    assertEquals(2, oneArg.exitCode);

    java.nio.file.Path out = tmp.getRoot().toPath().resolve("out");
    assertEquals(
        0, CommandRun.run(conf, "readseg", "-dump", segment.toString(), out.toString()).exitCode);
    CommandRun again = CommandRun.run(conf, "readseg", "-dump", segment.toString(), out.toString());
    assertEquals(3, again.exitCode);
    assertTrue(again.err, again.err.contains("already exists"));

    java.nio.file.Path notSegment = tmp.newFolder("empty").toPath();
    CommandRun empty =
        CommandRun.run(conf, "readseg", "-dump", notSegment.toString(), tmp.getRoot() + "/out2");
    assertEquals(3, empty.exitCode);
    assertTrue(empty.err, empty.err.contains("has none of the parts"));
  }
}
