package org.trawler.jobs.read;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.Hex;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.net.URLParts;
import org.trawler.core.store.DumpFile;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.hostdb.HostKnowledgeReader;

/**
 * {@code readdb <crawldb> -stats | -dump <out_dir> | -url <url>}: statistics, dumps and lookups of
 * a crawldb. Reads the part files directly, without a MapReduce job.
 */
public class CrawlDbReader extends CrawlTool {
  /** The file -dump writes into its output directory, per format. */
  public static final String DUMP_JSON = "dump.jsonl";

  public static final String DUMP_CSV = "dump.csv";
  private static final String CSV_HEADER =
      "url,status,fetchTime,retries,fetchInterval,score,signature,modifiedTime,metadata";

  @Override
  public String name() {
    return "readdb";
  }

  @Override
  public String synopsis() {
    return "<crawldb> (-stats [-json] [-sort] [-hostdb <hostdb>] | -dump <out_dir> [-format json|csv] [-status NAME]"
        + " | -url <url> | -topN N [-min score])";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(
            "stats", false, "print counts per status, retries and depth, and the score range")
        .addOption("json", false, "with -stats: print one JSON object instead of a table")
        .addOption("sort", false, "with -stats: also the URLs of each host, per status")
        .addOption(
            valued(
                "hostdb",
                "hostdb",
                "with -stats: count the unfetched URLs generate holds back now by this host"
                    + " database, by reason (default: the hostdb beside the crawldb, if any)"))
        .addOption(valued("topN", "N", "print the N best-scored URLs, best first: score TAB url"))
        .addOption(valued("min", "score", "with -topN: only URLs scored at least this"))
        .addOption(
            Option.builder("dump")
                .hasArg()
                .argName("out_dir")
                .desc(
                    "write every entry to <out_dir>/" + DUMP_JSON + " (JSON Lines) or " + DUMP_CSV)
                .build())
        .addOption(
            Option.builder("format")
                .hasArg()
                .argName("json|csv")
                .desc("with -dump: the format (json)")
                .build())
        .addOption(
            Option.builder("status")
                .hasArg()
                .argName("NAME")
                .desc("with -dump: only entries with this status, e.g. db_fetched")
                .build())
        .addOption(
            Option.builder("url").hasArg().argName("url").desc("print one entry as JSON").build());
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    exactlyOne(cmd, "stats", "dump", "url", "topN");
    Configuration conf = getConf();
    String crawlDbName = cmd.getArgList().get(0);
    Path current = VersionedDb.currentForReading(conf, new Path(crawlDbName));
    if (cmd.hasOption("stats")) {
      Configuration statsConf = new Configuration(conf);
      Path hostDb =
          cmd.hasOption("hostdb")
              ? new Path(cmd.getOptionValue("hostdb"))
              : HostDb.beside(new Path(crawlDbName));
      Path installedHostDb = HostDb.installed(statsConf, hostDb);
      if (installedHostDb == null && cmd.hasOption("hostdb")) {
        throw new UserException("no host database at " + hostDb);
      }
      HostKnowledgeReader.handOver(statsConf, installedHostDb, List.of());
      CrawlDbStats stats =
          StatsJob.stats(
              statsConf,
              current,
              new CrawlDatum(),
              CrawlDbStats.class,
              CrawlDbStats.sharingTheHostDb(statsConf),
              this::runJob);
      out().print(cmd.hasOption("json") ? stats.json(crawlDbName) : stats.table(crawlDbName));
      if (cmd.hasOption("sort")) {
        out().print(hosts(conf, current));
      }
      return 0;
    }
    if (cmd.hasOption("topN")) {
      long n = longOption(cmd, "topN", 0);
      if (n < 1) {
        throw new UsageException("-topN must be at least 1, not " + n);
      }
      double min = doubleOption(cmd, "min", Double.NEGATIVE_INFINITY);
      for (Scored s : top(conf, current, n, min)) {
        out().println(s.score() + "\t" + s.url());
      }
      out().flush();
      return 0;
    }
    if (cmd.hasOption("url")) {
      String url = cmd.getOptionValue("url");
      CrawlDatum datum = new CrawlDatum();
      if (!PartFiles.lookup(conf, current, new Text(url), datum)) {
        throw new UserException(url + " not found in " + crawlDbName, UserException.NOTHING_TO_DO);
      }
      PrintWriter out = new PrintWriter(new OutputStreamWriter(out(), StandardCharsets.UTF_8));
      JsonOutput json = new JsonOutput(out);
      DatumJson.write(json, url, datum);
      json.newLine().flush();
      return 0;
    }
    String format = cmd.getOptionValue("format", "json");
    if (!format.equals("json") && !format.equals("csv")) {
      throw new UsageException("-format is json or csv, not '" + format + "'");
    }
    CrawlStatus status = statusFilter(cmd.getOptionValue("status"));
    Path outDir = new Path(cmd.getOptionValue("dump"));
    Path file = new Path(outDir, format.equals("csv") ? DUMP_CSV : DUMP_JSON);
    long n = dump(conf, current, file, format.equals("csv"), status);
    out().println("readdb: wrote " + n + " entries to " + file);
    return 0;
  }

  /** The status of a -status value; null (all) when absent. */
  private static CrawlStatus statusFilter(String name) throws UsageException {
    if (name == null) {
      return null;
    }
    CrawlStatus status = CrawlStatus.fromLabel(name);
    if (status == null || !status.isDbStatus()) {
      List<String> names = new ArrayList<>();
      for (CrawlStatus b : CrawlStatus.named()) {
        if (b.isDbStatus()) {
          names.add(b.label());
        }
      }
      throw new UsageException(
          "-status '" + name + "' is not a crawldb status; one of " + String.join(", ", names));
    }
    return status;
  }

  /** A URL and its score. */
  public record Scored(String url, float score) {}

  /**
   * The {@code n} best-scored URLs scored at least {@code min}, best first (equal scores by URL):
   * one pass, holding n entries.
   */
  public static List<Scored> top(Configuration conf, Path current, long n, double min)
      throws IOException, UserException {
    Comparator<Scored> best =
        Comparator.comparingDouble(Scored::score).reversed().thenComparing(Scored::url);
    PriorityQueue<Scored> kept = new PriorityQueue<>(best.reversed());
    PartFiles.read(
        conf,
        current,
        new Text(),
        new CrawlDatum(),
        (url, datum) -> {
          if (datum.getScore() < min) {
            return;
          }
          kept.add(new Scored(url.toString(), datum.getScore()));
          if (kept.size() > n) {
            kept.poll();
          }
        });
    List<Scored> top = new ArrayList<>(kept);
    top.sort(best);
    return top;
  }

  /**
   * The URLs of each host, per status: "host TAB total TAB status n, ...", hosts by most URLs
   * first, as Nutch's readdb -stats -sort.
   */
  static String hosts(Configuration conf, Path current) throws IOException, UserException {
    Map<String, Map<String, Long>> byHost = new TreeMap<>();
    PartFiles.read(
        conf,
        current,
        new Text(),
        new CrawlDatum(),
        (url, datum) -> {
          String host = URLParts.host(url.toString());
          byHost
              .computeIfAbsent(host == null ? "" : host, h -> new TreeMap<>())
              .merge(datum.statusLabel(), 1L, Long::sum);
        });
    List<Map.Entry<String, Map<String, Long>>> hosts = new ArrayList<>(byHost.entrySet());
    hosts.sort(
        Comparator.comparingLong(
                (Map.Entry<String, Map<String, Long>> e) ->
                    -e.getValue().values().stream().mapToLong(Long::longValue).sum())
            .thenComparing(Map.Entry::getKey));
    StringBuilder sb = new StringBuilder("URLs per host:\n");
    for (Map.Entry<String, Map<String, Long>> e : hosts) {
      long total = e.getValue().values().stream().mapToLong(Long::longValue).sum();
      List<String> parts = new ArrayList<>();
      e.getValue().forEach((status, count) -> parts.add(status + " " + count));
      sb.append(e.getKey()).append('\t').append(total).append('\t');
      sb.append(String.join(", ", parts)).append('\n');
    }
    return sb.toString();
  }

  /** Statistics of the crawldb version at {@code current}, read here. */
  public static CrawlDbStats stats(Configuration conf, Path current)
      throws IOException, UserException {
    return StatsJob.read(conf, PartFiles.list(conf, current), new CrawlDatum(), CrawlDbStats::new);
  }

  /**
   * Writes the entries of {@code current} (only those with {@code status}, unless it is null) to
   * {@code file}, which must not exist; returns how many.
   */
  public static long dump(
      Configuration conf, Path current, Path file, boolean csv, CrawlStatus status)
      throws IOException, UserException {
    return DumpFile.write(conf, file, out -> dumpInto(out, conf, current, csv, status));
  }

  private static long dumpInto(
      Writer out, Configuration conf, Path current, boolean csv, CrawlStatus status)
      throws IOException, UserException {
    long[] count = {0};
    JsonOutput json = new JsonOutput(out);
    if (csv) {
      out.write(CSV_HEADER + "\n");
    }
    PartFiles.read(
        conf,
        current,
        new Text(),
        new CrawlDatum(),
        (url, datum) -> {
          if (status != null && datum.getStatus() != status) {
            return;
          }
          if (csv) {
            out.write(csvLine(url.toString(), datum));
          } else {
            DatumJson.write(json, url.toString(), datum);
            json.newLine();
          }
          count[0]++;
        });
    return count[0];
  }

  /** One CSV record (RFC 4180); metadata as a JSON object in one field. */
  static String csvLine(String url, CrawlDatum datum) throws IOException {
    StringWriter metadata = new StringWriter();
    DatumJson.writeMetadata(new JsonOutput(metadata), datum.getMetadata());
    String[] fields = {
      url,
      datum.statusLabel(),
      Long.toString(datum.getFetchTime()),
      Integer.toString(datum.getRetries()),
      Integer.toString(datum.getFetchInterval()),
      Float.toString(datum.getScore()),
      datum.getSignature() == null ? "" : Hex.encode(datum.getSignature()),
      Long.toString(datum.getModifiedTime()),
      metadata.toString()
    };
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < fields.length; i++) {
      sb.append(i == 0 ? "" : ",").append(csvField(fields[i]));
    }
    return sb.append('\n').toString();
  }

  private static String csvField(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
