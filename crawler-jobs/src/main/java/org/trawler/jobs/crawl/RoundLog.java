package org.trawler.jobs.crawl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.net.filter.TrapReason;
import org.trawler.core.parse.ParseNote;
import org.trawler.core.store.Segment;
import org.trawler.jobs.JobCounter;
import org.trawler.jobs.fetch.FetchCounter;
import org.trawler.jobs.generate.GenerateCounter;
import org.trawler.jobs.parse.ParseCounter;

/**
 * What {@code run} records while it works, for the report and the console: {@code
 * <crawl>/rounds.jsonl}, one JSON object per finished round (its counters by outcome, fetch
 * reasons, seconds per phase, pages/s, the crawldb by status, what dedup marked), and {@code
 * <crawl>/run.json}, the running crawl's state (round, phase, since when). Each write goes to a
 * temporary file renamed over the old one, so a kill never leaves a torn line; the reader skips a
 * line that does not parse all the same (a file copied in the middle of a write).
 */
public final class RoundLog {
  private static final Logger LOG = LoggerFactory.getLogger(RoundLog.class);

  public static final String ROUNDS_FILE = "rounds.jsonl";
  public static final String RUN_FILE = "run.json";

  /** The outcomes of a round's fetches, as the round line names them. */
  public static final List<String> OUTCOMES =
      List.of("ok", "redirect", "gone", "retry", "notmodified");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Configuration conf;
  private final Path root;

  /** Made on the first write, kept for the run: on HDFS each one is a client of its own. */
  private FileContext context;

  public RoundLog(Configuration conf, Path crawlRoot) {
    this.conf = conf;
    this.root = crawlRoot;
  }

  public Path roundsFile() {
    return new Path(root, ROUNDS_FILE);
  }

  public Path runFile() {
    return new Path(root, RUN_FILE);
  }

  /** A round's record: what the round line says, as JSON. */
  public static ObjectNode record(CrawlRound.Result r, long finishedAtMillis) {
    ObjectNode o = JSON.createObjectNode();
    o.put("round", r.round());
    o.put("segment", r.segment().getName());
    o.put("finished", finishedAtMillis);
    o.put("generated", r.generated().selected());
    ObjectNode fetched = o.putObject("fetched");
    long[] byOutcome = outcomes(r.counters());
    long total = 0;
    for (int i = 0; i < OUTCOMES.size(); i++) {
      fetched.put(OUTCOMES.get(i), byOutcome[i]);
      total += byOutcome[i];
    }
    ObjectNode reasons = o.putObject("reasons");
    String prefix = JobCounter.resultKey(FetchCounter.REASONS_GROUP, "");
    r.counters().entrySet().stream()
        .filter(e -> e.getKey().startsWith(prefix))
        .forEach(e -> reasons.put(e.getKey().substring(prefix.length()), e.getValue()));
    ObjectNode heldBack = o.putObject("heldBack"); // outlinks the trap filter held back
    heldBack(r.counters()).forEach(heldBack::put);
    ObjectNode skipped = o.putObject("skipped"); // URLs generate left out, by reason
    skipped(r.counters()).forEach(skipped::put);
    o.put("pages", r.counters().getOrDefault(FetchCounter.PAGES.resultKey(), 0L));
    o.put("bytes", r.counters().getOrDefault(FetchCounter.BYTES.resultKey(), 0L));
    ObjectNode seconds = o.putObject("seconds");
    r.seconds().forEach((step, s) -> seconds.put(step, Math.round(s * 1000) / 1000.0));
    o.put("totalSeconds", Math.round(r.totalSeconds() * 1000) / 1000.0);
    double fetchSeconds = r.seconds().getOrDefault(CrawlRound.FETCH, 0.0);
    o.put(
        "pagesPerSecond", fetchSeconds > 0 ? Math.round(total / fetchSeconds * 100) / 100.0 : 0.0);
    o.put("newUrls", r.updated().added());
    o.put("crawldbUrls", r.updated().urls());
    ObjectNode db = o.putObject("crawldb"); // as the round left it: after dedup when it marked
    boolean deduped = r.deduped() != null && !r.deduped().perStatus().isEmpty();
    (deduped ? r.deduped().perStatus() : r.updated().perStatus()).forEach(db::put);
    if (r.deduped() != null) {
      // the pages marked db_duplicate after the round: exact copies and near duplicates
      ObjectNode dedup = o.putObject("dedup");
      dedup.put("duplicates", r.deduped().urlsMarked());
      dedup.put("exact", r.deduped().marked());
      dedup.put("nearPairs", r.deduped().nearPairs());
      dedup.put("unmarked", r.deduped().unmarked());
    }
    if (r.indexed() != null) {
      o.put("indexed", r.indexed().added());
      o.put("deleted", r.indexed().deleted());
    }
    return o;
  }

  /**
   * The outlinks held back by each trap reason that occurred (parse_filters/<reason>), in order.
   */
  static Map<String, Long> heldBack(Map<String, Long> counters) {
    Map<String, Long> held = new LinkedHashMap<>();
    for (TrapReason reason : TrapReason.values()) {
      long n =
          counters.getOrDefault(JobCounter.resultKey(ParseNote.GROUP, reason.reasonName()), 0L);
      if (n > 0) {
        held.put(reason.reasonName(), n);
      }
    }
    return held;
  }

  /**
   * generate's nonzero skipped_* counters, by name: every reason it has, including those added
   * after this code (trap patterns, duplicate parameters...).
   */
  static Map<String, Long> skipped(Map<String, Long> counters) {
    String prefix = JobCounter.resultKey(GenerateCounter.GROUP, SKIPPED);
    Map<String, Long> skipped = new TreeMap<>();
    counters.forEach(
        (key, n) -> {
          if (key.startsWith(prefix) && n > 0) {
            skipped.put(key.substring(prefix.length() - SKIPPED.length()), n);
          }
        });
    return skipped;
  }

  /** The prefix of generate's counters for the URLs it left out ({@code SkipReason}). */
  private static final String SKIPPED = "skipped_";

  /** The fetches by outcome (ok, redirect, gone, retry, notmodified), as the round line counts. */
  static long[] outcomes(Map<String, Long> counters) {
    long refresh = counters.getOrDefault(ParseCounter.REFRESH_REDIRECTS.resultKey(), 0L);
    return new long[] {
      fetched(counters, CrawlStatus.FETCH_SUCCESS) - refresh,
      fetched(counters, CrawlStatus.FETCH_REDIR_PERM)
          + fetched(counters, CrawlStatus.FETCH_REDIR_TEMP)
          + refresh,
      fetched(counters, CrawlStatus.FETCH_GONE),
      fetched(counters, CrawlStatus.FETCH_RETRY),
      fetched(counters, CrawlStatus.FETCH_NOTMODIFIED)
    };
  }

  private static long fetched(Map<String, Long> counters, CrawlStatus status) {
    return counters.getOrDefault(JobCounter.resultKey(FetchCounter.GROUP, status.label()), 0L);
  }

  /** Adds a round's record to rounds.jsonl. */
  public void append(CrawlRound.Result r) throws IOException {
    List<String> lines = new ArrayList<>();
    for (JsonNode old : read(conf, roundsFile())) {
      lines.add(JSON.writeValueAsString(old));
    }
    lines.add(JSON.writeValueAsString(record(r, System.currentTimeMillis())));
    replace(roundsFile(), String.join("\n", lines) + "\n");
  }

  /**
   * The number of the crawl's last recorded round (0 before the first): a rerun of {@code run} on
   * the same crawl numbers its rounds on from there, so the rounds of one crawl never repeat a
   * number.
   */
  public int lastRound() throws IOException {
    int last = 0;
    for (JsonNode r : read(conf, roundsFile())) {
      last = Math.max(last, r.path("round").asInt(0));
    }
    return last;
  }

  /**
   * Records that the crawl is in {@code phase} of round {@code round}, the last of this run being
   * round {@code rounds}.
   */
  public void running(int round, int rounds, String phase) throws IOException {
    running(round, rounds, phase, null);
  }

  /** The same, naming the round's segment once generate has made it (null: not yet). */
  public void running(int round, int rounds, String phase, Path segment) throws IOException {
    ObjectNode o = JSON.createObjectNode();
    o.put("state", "running");
    o.put("round", round);
    o.put("rounds", rounds);
    o.put("phase", phase);
    if (segment != null) {
      o.put("segment", segment.getName());
    }
    o.put("since", System.currentTimeMillis());
    replace(runFile(), JSON.writeValueAsString(o) + "\n");
  }

  /**
   * Records that a running crawl was stopped where it stood (a second Ctrl-C, SIGTERM): run.json
   * keeps its round, phase and segment with the state "stopped". Nothing when it is not running.
   */
  public void stopped() throws IOException {
    JsonNode run = readRun(conf, root);
    if (run instanceof ObjectNode o && "running".equals(o.path("state").asText())) {
      o.put("state", "stopped");
      o.put("since", System.currentTimeMillis());
      replace(runFile(), JSON.writeValueAsString(o) + "\n");
    }
  }

  /**
   * The segment a stopped run had generated and never fetched (no crawl_fetch), or null: it holds
   * nothing but a fetch list that the next round makes again (generate does not mark the crawldb by
   * default), and left in segments/ it would be one more segment for every -dir command to skip.
   */
  public Path unfetchedSegmentOfStoppedRun() throws IOException {
    JsonNode run = readRun(conf, root);
    if (run == null
        || !"stopped".equals(run.path("state").asText())
        || run.path("segment").asText().isEmpty()) {
      return null;
    }
    Path segment = new Path(new Path(root, "segments"), run.path("segment").asText());
    FileSystem fs = segment.getFileSystem(conf);
    return fs.isDirectory(segment) && !fs.exists(new Path(segment, Segment.CRAWL_FETCH))
        ? segment
        : null;
  }

  /**
   * Records that the crawl ended after round {@code ran}, the run asked to go to {@code rounds}.
   */
  public void finished(int ran, int rounds) throws IOException {
    ObjectNode o = JSON.createObjectNode();
    o.put("state", "finished");
    o.put("round", ran);
    o.put("rounds", rounds);
    o.put("since", System.currentTimeMillis());
    replace(runFile(), JSON.writeValueAsString(o) + "\n");
  }

  private void replace(Path file, String text) throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    Path tmp = new Path(file.getParent(), "." + file.getName() + ".tmp");
    if (fs instanceof LocalFileSystem local) {
      replaceLocal(local, file, tmp, text);
      return;
    }
    try (OutputStream out = fs.create(tmp, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    // FileContext's rename replaces the old file in one step (rename(2) locally, one HDFS op).
    if (context == null) {
      context = FileContext.getFileContext(fs.getUri(), conf);
    }
    context.rename(tmp, file, Options.Rename.OVERWRITE);
    fs.delete(new Path(tmp.getParent(), "." + tmp.getName() + ".crc"), false);
  }

  /**
   * Replaces a local file by rename(2), through java.nio, without a checksum file: Hadoop's
   * FileContext rename forks a {@code readlink} process for each of the four files it looks at
   * (without Hadoop's native library), about 140 of them in a three-round crawl. A checksum file
   * left by an earlier write is removed first, so that no reader checks the new text against it.
   */
  private static void replaceLocal(LocalFileSystem fs, Path file, Path tmp, String text)
      throws IOException {
    java.nio.file.Path target = fs.pathToFile(file).toPath();
    java.nio.file.Path temp = fs.pathToFile(tmp).toPath();
    Files.createDirectories(target.getParent());
    Files.writeString(temp, text, StandardCharsets.UTF_8);
    Files.deleteIfExists(fs.pathToFile(fs.getChecksumFile(file)).toPath());
    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The records of a rounds file, skipping lines that do not parse; none when it is missing. */
  public static List<JsonNode> read(Configuration conf, Path file) throws IOException {
    List<JsonNode> records = new ArrayList<>();
    FileSystem fs = file.getFileSystem(conf);
    try (FSDataInputStream in = fs.open(file);
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        try {
          JsonNode node = JSON.readTree(line);
          if (node != null && node.isObject()) {
            records.add(node);
            continue;
          }
        } catch (IOException e) {
          // a torn or foreign line: skipped below
        }
        LOG.warn("{}: skipping a line that is not a round record", file);
      }
    } catch (FileNotFoundException e) {
      return records;
    }
    return records;
  }

  /** The running crawl's state (run.json), or null when there is none or it does not parse. */
  public static JsonNode readRun(Configuration conf, Path crawlRoot) throws IOException {
    Path file = new Path(crawlRoot, RUN_FILE);
    FileSystem fs = file.getFileSystem(conf);
    try (FSDataInputStream in = fs.open(file)) {
      return JSON.readTree(in);
    } catch (FileNotFoundException e) {
      return null;
    } catch (IOException e) {
      LOG.warn("{} does not parse: {}", file, e.getMessage());
      return null;
    }
  }
}
