package org.trawler.jobs.read;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.CrawlDbFiles;

/** readdb on a crawldb written by hand: what the user sees for -stats, -dump and -url. */
public class CrawlDbReaderTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private Path crawlDb;

  static CrawlDatum fetched() {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 2.5f);
    d.setFetchTime(1_700_000_000_000L);
    d.setRetries(1);
    d.setSignature(new byte[] {(byte) 0xab, 0x01});
    d.setModifiedTime(1_600_000_000_000L);
    d.setDepth(1);
    d.putMeta(new Text("title"), "a \"quoted\", title");
    d.getMetadata().put(new Text("raw"), new BytesWritable(new byte[] {0x0f}));
    return d;
  }

  static CrawlDatum unfetched(float score, int depth) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_UNFETCHED, 2592000, score);
    d.setFetchTime(1_700_000_001_000L);
    d.setDepth(depth);
    return d;
  }

  @Before
  public void setUp() throws Exception {
    conf = CrawlerConfiguration.create();
    crawlDb = tmp.getRoot().toPath().resolve("crawldb");
    Map<String, CrawlDatum> entries = new LinkedHashMap<>();
    entries.put("http://a.com/", fetched());
    entries.put("http://b.com/", unfetched(0.5f, 0));
    entries.put("http://c.com/", unfetched(1.0f, 2));
    CrawlDbFiles.write(conf, crawlDb, entries);
  }

  private CommandRun readdb(String... args) throws Exception {
    String[] all = new String[args.length + 2];
    all[0] = "readdb";
    all[1] = crawlDb.toString();
    System.arraycopy(args, 0, all, 2, args.length);
    return CommandRun.run(conf, all);
  }

  @Test
  public void statsTableShowsCountsHistogramsAndScores() throws Exception {
    CommandRun run = readdb("-stats");
    assertEquals(run.toString(), 0, run.exitCode);
    assertEquals(
        String.join(
            "\n",
            "crawldb " + crawlDb,
            "total URLs                      3",
            "status:",
            "  db_unfetched                  2",
            "  db_fetched                    1",
            "retries:",
            "  0                             2",
            "  1                             1",
            "depth:",
            "  0                             1",
            "  1                             1",
            "  2                             1",
            "score: min 0.5000  avg 1.3333  max 2.5000",
            ""),
        run.out);
  }

  @Test
  public void statsJsonIsOneObject() throws Exception {
    CommandRun run = readdb("-stats", "-json");
    assertEquals(run.toString(), 0, run.exitCode);
    JsonNode stats = new ObjectMapper().readTree(run.out);
    assertEquals(3, stats.get("total").asInt());
    assertEquals(2, stats.get("status").get("db_unfetched").asInt());
    assertEquals(1, stats.get("retries").get("1").asInt());
    assertEquals(1, stats.get("depth").get("2").asInt());
    assertEquals(0.5, stats.get("score").get("min").asDouble(), 0);
    assertEquals(4.0 / 3, stats.get("score").get("avg").asDouble(), 1e-6);
    assertEquals(2.5, stats.get("score").get("max").asDouble(), 0);
  }

  @Test
  public void statsOfAnEmptyCrawlDbHaveNoScores() throws Exception {
    crawlDb = tmp.getRoot().toPath().resolve("empty");
    CrawlDbFiles.write(conf, crawlDb, Map.of());
    CommandRun run = readdb("-stats", "-json");
    assertEquals(run.toString(), 0, run.exitCode);
    JsonNode stats = new ObjectMapper().readTree(run.out);
    assertEquals(0, stats.get("total").asInt());
    assertTrue(stats.get("score").get("min").isNull());
    assertTrue(readdb("-stats").out.contains("score: -"));
  }

  @Test
  public void dumpWritesOneJsonObjectPerUrlWithExactlyTheDesignFields() throws Exception {
    Path out = tmp.getRoot().toPath().resolve("dump");
    CommandRun run = readdb("-dump", out.toString());
    assertEquals(run.toString(), 0, run.exitCode);
    assertEquals("readdb: wrote 3 entries to " + out.resolve("dump.jsonl") + "\n", run.out);
    List<String> lines = Files.readAllLines(out.resolve("dump.jsonl"), StandardCharsets.UTF_8);
    assertEquals(3, lines.size());
    assertEquals(
        "{\"url\":\"http://a.com/\",\"status\":\"db_fetched\",\"fetchTime\":1700000000000,"
            + "\"fetchTimeIso\":\"2023-11-14T22:13:20Z\",\"retries\":1,"
            + "\"fetchInterval\":86400,\"score\":2.5,\"signature\":\"ab01\",\"modifiedTime\":1600000000000,"
            + "\"modifiedTimeIso\":\"2020-09-13T12:26:40Z\","
            + "\"metadata\":{\"_depth_\":1,\"title\":\"a \\\"quoted\\\", title\",\"raw\":\"0f\"}}",
        lines.get(0));
    assertEquals(
        "{\"url\":\"http://b.com/\",\"status\":\"db_unfetched\",\"fetchTime\":1700000001000,"
            + "\"fetchTimeIso\":\"2023-11-14T22:13:21Z\",\"retries\":0,"
            + "\"fetchInterval\":2592000,\"score\":0.5,\"signature\":null,\"modifiedTime\":0,"
            + "\"modifiedTimeIso\":null,"
            + "\"metadata\":{\"_depth_\":0}}",
        lines.get(1));
  }

  @Test
  public void topNPrintsTheBestScoredUrlsFirstAboveTheMinimum() throws Exception {
    CommandRun run = readdb("-topN", "2");
    assertEquals(run.toString(), 0, run.exitCode);
    assertEquals("2.5\thttp://a.com/\n1.0\thttp://c.com/\n", run.out);
    run = readdb("--topN", "10", "-min", "0.8");
    assertEquals("2.5\thttp://a.com/\n1.0\thttp://c.com/\n", run.out);
    assertEquals(2, readdb("-topN", "0").exitCode);
  }

  @Test
  public void statsSortedCountsTheUrlsOfEachHost() throws Exception {
    Map<String, CrawlDatum> entries = new LinkedHashMap<>();
    entries.put("http://a.com/", fetched());
    entries.put("http://a.com/x", unfetched(0.5f, 1));
    entries.put("http://a.com/y", unfetched(0.5f, 1));
    entries.put("http://b.com/", unfetched(0.5f, 0));
    CrawlDbFiles.write(conf, crawlDb, entries);
    CommandRun run = readdb("-stats", "-sort");
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(
        run.out,
        run.out.endsWith(
            "URLs per host:\na.com\t3\tdb_fetched 1, db_unfetched 2\nb.com\t1\tdb_unfetched 1\n"));
  }

  @Test
  public void dumpCanFilterByStatus() throws Exception {
    Path out = tmp.getRoot().toPath().resolve("dump");
    CommandRun run = readdb("-dump", out.toString(), "-status", "db_fetched");
    assertEquals(run.toString(), 0, run.exitCode);
    List<String> lines = Files.readAllLines(out.resolve("dump.jsonl"), StandardCharsets.UTF_8);
    assertEquals(1, lines.size());
    assertTrue(lines.get(0).startsWith("{\"url\":\"http://a.com/\""));
  }

  @Test
  public void dumpAsCsvQuotesFieldsThatNeedIt() throws Exception {
    Path out = tmp.getRoot().toPath().resolve("dump");
    CommandRun run = readdb("-dump", out.toString(), "-format", "csv");
    assertEquals(run.toString(), 0, run.exitCode);
    List<String> lines = Files.readAllLines(out.resolve("dump.csv"), StandardCharsets.UTF_8);
    assertEquals(
        "url,status,fetchTime,retries,fetchInterval,score,signature,modifiedTime,metadata",
        lines.get(0));
    assertEquals(
        "http://a.com/,db_fetched,1700000000000,1,86400,2.5,ab01,1600000000000,"
            + "\"{\"\"_depth_\"\":1,\"\"title\"\":\"\"a \\\"\"quoted\\\"\", title\"\",\"\"raw\"\":\"\"0f\"\"}\"",
        lines.get(1));
    assertEquals(4, lines.size());
  }

  @Test
  public void urlPrintsThatEntryOrExitsOneWhenNotFound() throws Exception {
    CommandRun found = readdb("-url", "http://c.com/");
    assertEquals(found.toString(), 0, found.exitCode);
    JsonNode c = new ObjectMapper().readTree(found.out);
    assertEquals("http://c.com/", c.get("url").asText());
    assertEquals(2, c.get("metadata").get("_depth_").asInt());
    assertTrue(found.out, c.get("fetchTimeIso").asText().matches("\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z"));

    CommandRun missing = readdb("-url", "http://nowhere.com/");
    assertEquals(1, missing.exitCode);
    assertEquals("trawler readdb: http://nowhere.com/ not found in " + crawlDb + "\n", missing.err);
    assertEquals("", missing.out);
  }

  @Test
  public void mistakesGetOneLineOrTheUsage() throws Exception {
    CommandRun none = readdb();
    assertEquals(2, none.exitCode);
    assertTrue(
        none.err,
        none.err.startsWith(
            "trawler readdb: give exactly one of -stats, -dump, -url and -topN\nusage:"));

    CommandRun status = readdb("-dump", tmp.getRoot() + "/d", "-status", "fetched");
    assertEquals(2, status.exitCode);
    assertTrue(
        status.err,
        status.err.contains(
            "-status 'fetched' is not a crawldb status; one of db_unfetched, db_fetched"));

    CommandRun format = readdb("-dump", tmp.getRoot() + "/d", "-format", "xml");
    assertEquals(2, format.exitCode);
    assertTrue(format.err, format.err.contains("-format is json or csv, not 'xml'"));

    Path out = tmp.getRoot().toPath().resolve("dump");
    assertEquals(0, readdb("-dump", out.toString()).exitCode);
    CommandRun again = readdb("-dump", out.toString());
    assertEquals(3, again.exitCode);
    assertEquals(
        "trawler readdb: "
            + out.resolve("dump.jsonl")
            + " already exists: give a new output directory\n",
        again.err);

    crawlDb = tmp.getRoot().toPath().resolve("missing");
    CommandRun missing = readdb("-stats");
    assertEquals(3, missing.exitCode);
    assertEquals("trawler readdb: no crawldb at " + crawlDb + ": run inject first\n", missing.err);
  }

  @Test
  public void truncatedCrawlDbIsOneLineNamingTheFile() throws Exception {
    Path data = crawlDb.resolve("current/part-r-00000/data");
    try (RandomAccessFile raf = new RandomAccessFile(data.toFile(), "rw")) {
      raf.setLength(raf.length() - 20);
    }
    Files.deleteIfExists(crawlDb.resolve("current/part-r-00000/.data.crc"));
    CommandRun run = readdb("-stats");
    assertEquals(run.toString(), 3, run.exitCode);
    assertEquals(run.toString(), 1, run.errLines().length);
    assertTrue(
        run.err,
        run.err.startsWith("trawler readdb: cannot read " + data + " (truncated or corrupt?)"));

    Path out = tmp.getRoot().toPath().resolve("dump");
    CommandRun dump = readdb("-dump", out.toString());
    assertEquals(dump.toString(), 3, dump.exitCode);
    assertFalse("no half dump left behind", Files.exists(out.resolve("dump.jsonl")));
  }
}
