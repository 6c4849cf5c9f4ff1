package org.trawler.jobs.parse;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.util.ToolRunner;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.net.NetKeys;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.jobs.cli.Main;

public class ParseSegmentTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private Path segment;

  @Before
  public void setUp() throws Exception {
    conf = CrawlerConfiguration.create();
    Pages.withoutUrlPlugins(conf);
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getAbsolutePath());
    conf.setInt(
        "mapreduce.client.completion.pollinterval",
        50); // Job.waitForCompletion sleeps 5 s per poll otherwise
    segment = new Path(tmp.getRoot().getAbsolutePath(), "segments/20250101000000");
  }

  /** Writes a content part as the fetcher would: a MapFile with its URLs in order. */
  private void writeContent(String part, Map<String, Content> pages) throws Exception {
    Path dir = new Path(new Path(segment, Segment.CONTENT), part);
    try (MapFile.Writer w =
        new MapFile.Writer(
            conf,
            dir,
            MapFile.Writer.keyClass(Text.class),
            MapFile.Writer.valueClass(Content.class),
            SequenceFile.Writer.compression(CompressionType.NONE))) {
      for (Map.Entry<String, Content> e : new TreeMap<>(pages).entrySet()) {
        w.append(new Text(e.getKey()), e.getValue());
      }
    }
  }

  private int run(String... args) throws Exception {
    return ToolRunner.run(conf, new ParseSegment(), args);
  }

  private <V extends org.apache.hadoop.io.Writable> Map<String, V> read(String part, V value)
      throws Exception {
    Map<String, V> records = new TreeMap<>();
    PartFiles.read(
        conf,
        new Path(segment, part),
        new Text(),
        value,
        (k, v) -> records.put(k.toString(), org.apache.hadoop.io.WritableUtils.clone(v, conf)));
    return records;
  }

  private List<String[]> readCrawlParse() throws Exception {
    List<String[]> records = new ArrayList<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.CRAWL_PARSE),
        new Text(),
        new CrawlDatum(),
        (k, v) ->
            records.add(
                new String[] {
                  k.toString(),
                  v.statusLabel(),
                  Float.toString(v.getScore()),
                  Integer.toString(v.getDepth())
                }));
    return records;
  }

  private String stderrOf(String... args) throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] command = new String[args.length + 1];
    command[0] = "parse";
    System.arraycopy(args, 0, command, 1, args.length);
    int code =
        Main.run(conf, command, System.out, new PrintStream(err, true, StandardCharsets.UTF_8));
    return code + " " + err.toString(StandardCharsets.UTF_8);
  }

  @Test
  public void parsesAFetchedSegmentIntoItsThreeParts() throws Exception {
    Map<String, Content> pages = new TreeMap<>();
    String homeHtml =
        "<title>Home</title><p>Welcome</p><a href='/a'>A</a> <a href='/b#top'>B</a> "
            + "<a href='http://other.example.org/'>Other</a>";
    pages.put("http://example.com/", Pages.html("http://example.com/", homeHtml, 1.5f, 1));
    pages.put(
        "http://example.com/a",
        Pages.html("http://example.com/a", "<title>A</title><a href='/'>home</a>"));
    pages.put(
        "http://example.com/logo.png",
        new Content(
            "http://example.com/logo.png",
            "http://example.com/logo.png",
            new byte[] {(byte) 0x89, 'P', 'N', 'G'},
            "image/png",
            false));
    writeContent("part-r-00000", pages);

    assertEquals(0, run(segment.toString()));

    Map<String, ParseData> data = read(Segment.PARSE_DATA, new ParseData());
    assertEquals(
        List.of("http://example.com/", "http://example.com/a", "http://example.com/logo.png"),
        new ArrayList<>(data.keySet()));
    ParseData home = data.get("http://example.com/");
    assertEquals("Home", home.getTitle());
    assertEquals(3, home.getOutlinks().size());
    assertEquals("http://example.com/b", home.getOutlinks().get(1).getToUrl());
    assertEquals(ParseData.NOT_PARSED, data.get("http://example.com/logo.png").getStatus());

    Map<String, ParseText> text = read(Segment.PARSE_TEXT, new ParseText());
    assertEquals("Welcome A B Other", text.get("http://example.com/").getText());
    assertEquals(3, text.size());

    List<String[]> crawlParse = readCrawlParse();
    List<String> linked = new ArrayList<>();
    int signatures = 0;
    for (String[] r : crawlParse) {
      if (r[1].equals("linked")) {
        linked.add(String.join(" ", r));
      } else {
        assertEquals("signature", r[1]);
        signatures++;
      }
    }
    assertEquals(3, signatures);
    assertEquals(
        List.of( // one per URL and task, written in URL order at the task's end
            "http://example.com/ linked 1.0 1",
            "http://example.com/a linked 0.5 2",
            "http://example.com/b linked 0.5 2",
            "http://other.example.org/ linked 0.5 2"),
        linked);

    FileSystem fs = segment.getFileSystem(conf);
    assertFalse("no _SUCCESS among the segment's parts", fs.exists(new Path(segment, "_SUCCESS")));
    assertFalse(fs.exists(new Path(segment, "_temporary")));
  }

  /**
   * crawl_parse as it was written before the parse task combined its linked datums itself: the
   * task's records through a combining writer in front of the parts, as the output format had it.
   */
  private List<String> crawlParseCombinedByTheOutputFormat(Map<String, Content> pages, int urls)
      throws Exception {
    List<String> records = new ArrayList<>();
    RecordWriter<Text, SegmentRecord> parts =
        new RecordWriter<>() {
          @Override
          public void write(Text key, SegmentRecord record) {
            if (record.get() instanceof CrawlDatum datum) {
              records.add(key + " " + withoutTime(datum));
            }
          }

          @Override
          public void close(TaskAttemptContext context) {}
        };
    LinkCombiningWriter writer = new LinkCombiningWriter(parts, urls);
    try (SegmentParser parser = new SegmentParser(conf)) {
      for (Map.Entry<String, Content> page : new TreeMap<>(pages).entrySet()) {
        parser.parse(new Text(page.getKey()), page.getValue(), 1, writer::write);
      }
    }
    writer.close(null);
    return records;
  }

  /** A datum as text, its time left out: a linked datum's is the moment its page was parsed. */
  private static String withoutTime(CrawlDatum datum) {
    CrawlDatum copy = new CrawlDatum(datum);
    copy.setFetchTime(0);
    return copy.toString();
  }

  @Test
  public void theTaskCombiningItsLinksWritesTheCrawlParseTheOutputFormatWrote() throws Exception {
    Map<String, Content> pages = new TreeMap<>();
    for (int i = 0; i < 6; i++) {
      String url = "http://example.com/p" + i;
      StringBuilder html = new StringBuilder("<title>p" + i + "</title>");
      for (int j = 0; j < 6; j++) { // links shared by the pages, in an order of their own
        html.append("<a href='/p").append((i * 5 + j * 7) % 9).append("'>l</a>");
      }
      html.append("<a href='http://other.example.org/").append(i % 2).append("'>o</a>");
      pages.put(url, Pages.html(url, html.toString(), 1f + i, i % 3));
    }
    writeContent("part-r-00000", pages);
    conf.setInt(ParseJobKeys.LINKED_COMBINE_URLS, 4); // the table is written out mid-task too

    assertEquals(0, run(segment.toString()));

    List<String> job = new ArrayList<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.CRAWL_PARSE),
        new Text(),
        new CrawlDatum(),
        (k, v) -> job.add(k + " " + withoutTime(v)));
    List<String> before = crawlParseCombinedByTheOutputFormat(pages, 4);
    assertEquals(before, job);
    assertTrue(job.size() + " records", job.size() > pages.size() + 11); // flushed more than once
  }

  @Test
  public void signatureDatumCarriesTheMd5OfTheContent() throws Exception {
    String html = "<p>signed</p>";
    writeContent(
        "part-r-00000", Map.of("http://example.com/", Pages.html("http://example.com/", html)));
    assertEquals(0, run(segment.toString()));
    List<byte[]> signatures = new ArrayList<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.CRAWL_PARSE),
        new Text(),
        new CrawlDatum(),
        (k, v) -> signatures.add(v.getSignature()));
    assertArrayEquals(
        MessageDigest.getInstance("MD5").digest(html.getBytes(StandardCharsets.UTF_8)),
        signatures.get(0));
  }

  @Test
  public void splitContentPartsGiveSortedMapFilesThatLookupsCanUse() throws Exception {
    Map<String, Content> first = new TreeMap<>();
    Map<String, Content> second = new TreeMap<>();
    for (int i = 0; i < 300; i++) {
      String url = String.format("http://example.com/page-%03d", i);
      Content page =
          Pages.html(
              url,
              "<title>Page "
                  + i
                  + "</title><p>"
                  + "text ".repeat(400)
                  + "</p><a href='/next'>n</a>");
      (i % 2 == 0 ? first : second).put(url, page);
    }
    writeContent("part-r-00000", first);
    writeContent("part-r-00001", second);
    // ~300 kB per part; SequenceFile splits are at least 100 kB (its sync interval): 3 splits per
    // part
    conf.setLong("mapreduce.input.fileinputformat.split.maxsize", 8 * 1024);

    assertEquals(0, run(segment.toString()));

    List<Path> parts = PartFiles.list(conf, new Path(segment, Segment.PARSE_DATA));
    assertTrue("expected several map outputs, got " + parts, parts.size() > 2);
    int total = 0;
    for (Path data : parts) {
      String previous = "";
      try (MapFile.Reader reader = new MapFile.Reader(data.getParent(), conf)) {
        Text key = new Text();
        ParseData value = new ParseData();
        List<String> keys = new ArrayList<>();
        while (reader.next(key, value)) {
          assertTrue(previous + " before " + key, previous.compareTo(key.toString()) < 0);
          previous = key.toString();
          keys.add(previous);
          total++;
        }
        for (String k : keys) {
          ParseData found = (ParseData) reader.get(new Text(k), new ParseData());
          assertEquals("Page " + Integer.parseInt(k.substring(k.length() - 3)), found.getTitle());
        }
      }
    }
    assertEquals(300, total);
    assertEquals(300, read(Segment.PARSE_TEXT, new ParseText()).size());
  }

  @Test
  public void contentIsSplitSoThatEveryRunningTaskGetsSeveralSplits() {
    // 330 MB of content in one part, two cores: eight splits of about 41 MB
    assertEquals(330_000_000L / 8 + 1, ParseSegment.splitSize(330_000_000L, 2));
    // small content: splits no smaller than a compressed block
    assertEquals(1L << 20, ParseSegment.splitSize(3_000_000L, 2));
    assertEquals(1L << 20, ParseSegment.splitSize(0, 0));
  }

  @Test
  public void failedPagesAreCountedAndTheJobSucceeds() throws Exception {
    conf.set(NetKeys.NORMALIZER_ORDER, ExplodingNormalizer.class.getName());
    Map<String, Content> pages = new TreeMap<>();
    pages.put(
        "http://example.com/bad",
        Pages.html("http://example.com/bad", "<a href='/explode'>boom</a>"));
    pages.put(
        "http://example.com/good",
        Pages.html("http://example.com/good", "<a href='/fine'>fine</a>"));
    writeContent("part-r-00000", pages);

    assertEquals(0, run(segment.toString()));
    Map<String, ParseData> data = read(Segment.PARSE_DATA, new ParseData());
    assertEquals(ParseData.FAILED, data.get("http://example.com/bad").getStatus());
    assertEquals(ParseData.SUCCESS, data.get("http://example.com/good").getStatus());
  }

  @Test
  public void parsedSegmentIsRefusedUnlessForced() throws Exception {
    writeContent(
        "part-r-00000",
        Map.of("http://example.com/", Pages.html("http://example.com/", "<title>v1</title>")));
    assertEquals(0, run(segment.toString()));

    String refused = stderrOf(segment.toString());
    assertTrue(refused, refused.startsWith("3 "));
    assertTrue(refused, refused.contains("already parsed") && refused.contains("-force"));
    assertEquals(refused, 1, refused.trim().split("\n").length);

    assertEquals(0, run(segment.toString(), "-force"));
    assertEquals(1, read(Segment.PARSE_DATA, new ParseData()).size());
    assertEquals(1, readCrawlParse().size());
  }

  @Test
  public void segmentWithoutContentGetsOneClearLine() throws Exception {
    segment.getFileSystem(conf).mkdirs(new Path(segment, Segment.CRAWL_GENERATE));
    String out = stderrOf(segment.toString());
    assertTrue(out, out.startsWith("3 "));
    assertTrue(out, out.contains("not fetched yet? run fetch first"));
    assertEquals(out, 1, out.trim().split("\n").length);
  }

  @Test
  public void missingSegmentArgumentIsAUsageError() throws Exception {
    assertEquals(2, run());
  }
}
