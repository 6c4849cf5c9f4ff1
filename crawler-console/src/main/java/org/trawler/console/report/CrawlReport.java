package org.trawler.console.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.crawl.RoundLog;
import org.trawler.jobs.fetch.FetchResult;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.read.HostDbReader;

/**
 * The report's figures for a crawl directory, as one JSON object (report.json, and the data the
 * report page draws): the rounds {@code run} recorded, the crawldb by status and depth, the
 * segments' fetches by status, HTTP code, reason, response time and content type and size, what the
 * crawl kept out (duplicates, soft 404s, backoffs, URLs held back), and the hosts worth a look. The
 * crawl's records are counted by {@link FigureJob}; only its small output is read here.
 */
public final class CrawlReport {
  /** Hosts kept of each kind (biggest, failing, slowest). */
  static final int HOSTS_KEPT = 25;

  /** Hosts the report lists by harmonic centrality. */
  static final int TOP_RANKED_HOSTS = 10;

  private static final ObjectMapper JSON = new ObjectMapper();

  private CrawlReport() {}

  /**
   * Counts {@code crawl}'s figures (the pass writes into {@code work}, removed after) and returns
   * the report.
   */
  public static ObjectNode build(Configuration conf, CrawlDir crawl, Path work)
      throws IOException, UserException {
    FileSystem fs = crawl.root().getFileSystem(conf);
    if (!fs.exists(crawl.root()) || !fs.getFileStatus(crawl.root()).isDirectory()) {
      throw new UserException("no crawl directory at " + crawl.root());
    }
    Path crawlDb = VersionedDb.currentForReading(conf, crawl.crawlDb());
    List<Path> segments = segments(fs, crawl.segments());
    FigureTotals totals = new FigureTotals(HOSTS_KEPT);
    try {
      FigureJob.run(conf, crawlDb, segments, work);
      PartFiles.read(
          conf, work, new Text(), new LongWritable(), (k, v) -> totals.add(k.toString(), v.get()));
    } finally {
      fs.delete(work, true);
    }
    totals.done();
    return assemble(conf, crawl, segments.size(), totals);
  }

  private static List<Path> segments(FileSystem fs, Path dir) throws IOException {
    List<Path> segments = new ArrayList<>();
    if (!fs.exists(dir)) {
      return segments;
    }
    for (FileStatus st : fs.listStatus(dir)) {
      String name = st.getPath().getName();
      if (st.isDirectory() && !name.startsWith(".") && !name.startsWith("_")) {
        segments.add(st.getPath());
      }
    }
    segments.sort(Comparator.comparing(Path::getName));
    return segments;
  }

  static ObjectNode assemble(Configuration conf, CrawlDir crawl, int segments, FigureTotals totals)
      throws IOException {
    ObjectNode r = JSON.createObjectNode();
    r.put("crawl", crawl.root().toString());
    r.put("generated", System.currentTimeMillis());
    r.put("segments", segments);
    ArrayNode rounds = r.putArray("rounds");
    RoundLog.read(conf, new Path(crawl.root(), RoundLog.ROUNDS_FILE)).forEach(rounds::add);
    JsonNode run = RoundLog.readRun(conf, crawl.root());
    r.set("run", run);
    ObjectNode db = histogram(r, "crawldb", totals.histogram(Figure.CRAWLDB_STATUS));
    r.put("urls", db.properties().stream().mapToLong(e -> e.getValue().asLong()).sum());
    numericHistogram(r, "depth", totals.histogram(Figure.DEPTH));
    histogram(r, "fetchStatus", totals.histogram(Figure.FETCH_STATUS));
    histogram(r, "httpStatus", totals.histogram(Figure.HTTP_STATUS));
    histogram(r, "reasons", totals.histogram(Figure.REASON));
    histogram(r, "contentTypes", totals.histogram(Figure.CONTENT_TYPE));
    ObjectNode times = r.putObject("responseMs");
    Map<String, Long> ms = totals.histogram(Figure.RESPONSE_MS);
    times.put("p50", FigureTotals.percentile(ms, 0.5));
    times.put("p90", FigureTotals.percentile(ms, 0.9));
    times.put("p99", FigureTotals.percentile(ms, 0.99));
    numericHistogram(times, "histogram", ms);
    ObjectNode bytes = r.putObject("bytes");
    Map<String, Long> sizes = totals.histogram(Figure.BYTES);
    bytes.put("p50", FigureTotals.percentile(sizes, 0.5));
    bytes.put("p90", FigureTotals.percentile(sizes, 0.9));
    bytes.put("p99", FigureTotals.percentile(sizes, 0.99));
    numericHistogram(bytes, "histogram", sizes);
    long fetchedBytes = 0;
    for (JsonNode round : rounds) {
      fetchedBytes += round.path("bytes").asLong();
    }
    bytes.put("fetched", fetchedBytes);
    keptOut(conf, crawl, r.putObject("keptOut"), totals, rounds);
    r.put("hostCount", totals.hosts());
    hosts(conf, crawl, r.putArray("hosts"), totals.hostRows());
    topHostsByCentrality(conf, crawl, r.putArray("topHostsByCentrality"));
    return r;
  }

  /**
   * What the crawl kept out of its budget and its index: duplicates by kind and gone URLs by reason
   * (crawldb), fetches refused by hosts pushing back and the hosts backed off now (segments,
   * hostdb), and the URLs generate and the trap filter held back, summed over the rounds.
   */
  private static void keptOut(
      Configuration conf, CrawlDir crawl, ObjectNode out, FigureTotals totals, ArrayNode rounds)
      throws IOException {
    histogram(out, "duplicates", totals.histogram(Figure.DUPLICATE_KIND));
    histogram(out, "gone", totals.histogram(Figure.GONE_REASON));
    ObjectNode pushback = out.putObject("pushback");
    Map<String, Long> reasons = totals.histogram(Figure.REASON);
    for (String reason : FetchResult.PUSHBACK_REASONS) {
      pushback.put(reason, reasons.getOrDefault(reason, 0L));
    }
    Path hostDb = HostDb.installed(conf, crawl.hostDb());
    if (hostDb != null) {
      try {
        HostDbReader.Stats hosts = HostDbReader.stats(conf, hostDb);
        out.put("hostsBackedOffNow", hosts.backedOffNow());
        out.put("backoffUntil", hosts.backoffUntil());
      } catch (UserException e) {
        throw new IOException(e.getMessage(), e);
      }
    }
    Map<String, Long> skipped = new TreeMap<>();
    Map<String, Long> heldBack = new TreeMap<>();
    for (JsonNode round : rounds) {
      round
          .path("skipped")
          .properties()
          .forEach(e -> skipped.merge(e.getKey(), e.getValue().asLong(), Long::sum));
      round
          .path("heldBack")
          .properties()
          .forEach(e -> heldBack.merge(e.getKey(), e.getValue().asLong(), Long::sum));
    }
    histogram(out, "skipped", skipped);
    histogram(out, "heldBack", heldBack);
  }

  /**
   * The hosts kept, with the host database's robots.txt answer and failed rounds when it has one.
   */
  private static void hosts(
      Configuration conf, CrawlDir crawl, ArrayNode out, List<FigureTotals.HostRow> rows)
      throws IOException {
    Path hostDb = HostDb.installed(conf, crawl.hostDb());
    for (FigureTotals.HostRow row : rows) {
      ObjectNode h = out.addObject();
      h.put("host", row.host());
      h.put("urls", row.urls());
      h.put("fetched", row.fetched());
      h.put("errors", row.errors());
      h.put("robotsDenied", row.robotsDenied());
      h.put("meanMs", row.meanMs());
      HostDatum datum = new HostDatum();
      try {
        if (hostDb != null && PartFiles.lookup(conf, hostDb, new Text(row.host()), datum)) {
          h.put("robots", datum.getRobots());
          h.put("failedRounds", datum.getFailedRounds());
          if (datum.getHostRank() > 0) {
            h.put("harmonicCentrality", datum.getHarmonicCentrality());
            h.put("hostRank", datum.getHostRank());
          }
        }
      } catch (UserException e) {
        throw new IOException(e.getMessage(), e);
      }
    }
  }

  /** The hosts of highest harmonic centrality, when hostrank ranked the crawl's hosts. */
  private static void topHostsByCentrality(Configuration conf, CrawlDir crawl, ArrayNode out)
      throws IOException {
    Path hostDb = HostDb.installed(conf, crawl.hostDb());
    if (hostDb == null) {
      return;
    }
    try {
      for (HostDbReader.RankedHost h :
          HostDbReader.topByCentrality(conf, hostDb, TOP_RANKED_HOSTS)) {
        out.addObject()
            .put("host", h.host())
            .put("harmonicCentrality", h.harmonic())
            .put("hostRank", h.hostRank());
      }
    } catch (UserException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  private static ObjectNode histogram(ObjectNode parent, String name, Map<String, Long> counts) {
    ObjectNode o = parent.putObject(name);
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .forEach(e -> o.put(e.getKey(), e.getValue()));
    return o;
  }

  /** A histogram whose buckets are numbers, in numeric order. */
  private static void numericHistogram(ObjectNode parent, String name, Map<String, Long> counts) {
    ObjectNode o = parent.putObject(name);
    counts.entrySet().stream()
        .sorted(Comparator.comparingLong(e -> Long.parseLong(e.getKey())))
        .forEach(e -> o.put(e.getKey(), e.getValue()));
  }
}
