package org.trawler.jobs.read;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.parse.SimHash;
import org.trawler.core.store.DumpFile;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlTool;

/**
 * {@code readhostdb <hostdb> -stats | -dump <out> | -host <name> | -top <n>}: the host database's
 * totals, every host as one JSON line, one host as JSON, or the hosts of highest harmonic
 * centrality (hostrank).
 */
public class HostDbReader extends CrawlTool {
  static final String DUMP_JSON = "hosts.json";

  @Override
  public String name() {
    return "readhostdb";
  }

  @Override
  public String synopsis() {
    return "<hostdb> (-stats | -dump <out_dir> | -host <name> | -top <n>)";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption("stats", false, "print totals over all hosts")
        .addOption(
            valued("dump", "out_dir", "write every host as a JSON line to out_dir/hosts.json"))
        .addOption(valued("host", "name", "print one host as JSON"))
        .addOption(
            valued("top", "n", "print the n hosts of highest harmonic centrality (hostrank)"));
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    exactlyOne(cmd, "stats", "dump", "host", "top");
    Configuration conf = getConf();
    String hostDbName = cmd.getArgList().get(0);
    Path current =
        VersionedDb.currentForReading(conf, new Path(hostDbName), VersionedDb.Kind.HOSTDB);
    if (cmd.hasOption("stats")) {
      Stats stats = StatsJob.stats(conf, current, new HostDatum(), Stats.class, this::runJob);
      out().print(stats.table(hostDbName));
      return 0;
    }
    if (cmd.hasOption("host")) {
      String host = cmd.getOptionValue("host");
      HostDatum datum = new HostDatum();
      if (!PartFiles.lookup(conf, current, new Text(host), datum)) {
        throw new UserException(host + " not found in " + hostDbName, UserException.NOTHING_TO_DO);
      }
      PrintWriter out = new PrintWriter(new OutputStreamWriter(out(), StandardCharsets.UTF_8));
      JsonOutput json = new JsonOutput(out);
      write(json, host, datum);
      json.newLine().flush();
      return 0;
    }
    if (cmd.hasOption("top")) {
      List<RankedHost> top = topByCentrality(conf, current, intOption(cmd, "top", 10));
      if (top.isEmpty()) {
        out().println("readhostdb: no host of " + hostDbName + " is ranked: run hostrank first");
      }
      out().printf("%-40s %12s %12s%n", "host", "harmonic", "host_rank");
      for (RankedHost h : top) {
        out().printf(Locale.ROOT, "%-40s %12.3f %12.4f%n", h.host(), h.harmonic(), h.hostRank());
      }
      return 0;
    }
    Path file = new Path(new Path(cmd.getOptionValue("dump")), DUMP_JSON);
    long n = dump(conf, current, file);
    out().println("readhostdb: wrote " + n + " hosts to " + file);
    return 0;
  }

  /** Totals over the hosts of the hostdb version at {@code current}, read here. */
  public static Stats stats(Configuration conf, Path current) throws IOException, UserException {
    return StatsJob.read(conf, PartFiles.list(conf, current), new HostDatum(), Stats::new);
  }

  /** A ranked host: its harmonic centrality and host PageRank (hostrank). */
  public record RankedHost(String host, float harmonic, float hostRank) {}

  /**
   * The {@code n} ranked hosts of {@code current} of highest harmonic centrality, highest first
   * (ties by host name); read here, keeping n at a time.
   */
  public static List<RankedHost> topByCentrality(Configuration conf, Path current, int n)
      throws IOException, UserException {
    Comparator<RankedHost> order =
        Comparator.comparingDouble(RankedHost::harmonic)
            .thenComparing(RankedHost::host, Comparator.reverseOrder());
    PriorityQueue<RankedHost> best = new PriorityQueue<>(order);
    PartFiles.read(
        conf,
        current,
        new Text(),
        new HostDatum(),
        (host, d) -> {
          if (d.getHostRank() > 0 && n > 0) {
            best.add(new RankedHost(host.toString(), d.getHarmonicCentrality(), d.getHostRank()));
            if (best.size() > n) {
              best.poll();
            }
          }
        });
    List<RankedHost> top = new ArrayList<>(best);
    top.sort(order.reversed());
    return top;
  }

  /** Writes every host of {@code current} as a JSON line to {@code file}; returns how many. */
  public static long dump(Configuration conf, Path current, Path file)
      throws IOException, UserException {
    return DumpFile.write(
        conf,
        file,
        out -> {
          long[] count = {0};
          JsonOutput json = new JsonOutput(out);
          PartFiles.read(
              conf,
              current,
              new Text(),
              new HostDatum(),
              (host, datum) -> {
                write(json, host.toString(), datum);
                json.newLine();
                count[0]++;
              });
          return count[0];
        });
  }

  /** One host as a JSON object. */
  static void write(JsonOutput json, String host, HostDatum d) throws IOException {
    json.beginObject().name("host").value(host).name("urls").beginObject();
    for (Map.Entry<Byte, Long> e : d.getUrlsByStatus().entrySet()) {
      json.name(CrawlStatus.label(e.getKey())).value(e.getValue());
    }
    json.endObject()
        .name("fetched")
        .value(d.getFetched())
        .name("gone")
        .value(d.getGone())
        .name("retry")
        .value(d.getRetry())
        .name("dnsFailures")
        .value(d.getDnsFailures())
        .name("failedRounds")
        .value(d.getFailedRounds())
        .name("lastFailedRoundTime")
        .value(d.getLastFailedRoundTime())
        .name("lastFetchTime")
        .value(d.getLastFetchTime())
        .name("responseTimeMs");
    if (d.getResponseTimeMillis() >= 0) {
      json.value(d.getResponseTimeMillis());
    } else {
      json.nullValue();
    }
    json.name("rateLimited")
        .value(d.getRateLimited())
        .name("backoffLevel")
        .value(d.getBackoffLevel())
        .name("backoffUntil")
        .value(d.getBackoffUntil());
    json.name("soft404").value(d.getSoft404().label()).name("soft404Fingerprint");
    if (d.getSoft404() == HostDatum.Soft404.PAGE) {
      json.value(SimHash.hex(d.getSoft404Fingerprint()));
    } else {
      json.nullValue();
    }
    json.name("soft404Time").value(d.getSoft404Time());
    json.name("robots").value(d.getRobots()).name("sitemaps").beginArray();
    for (String s : d.getSitemaps()) {
      json.value(s);
    }
    json.endArray().name("irrelevantParams").beginObject(); // name → its evidence
    for (Map.Entry<String, Integer> p : d.getIrrelevantParams().entrySet()) {
      json.name(p.getKey()).value(p.getValue());
    }
    json.endObject().name("traps").beginObject(); // template → its evidence and budget
    for (Map.Entry<String, HostDatum.Trap> t : d.getTraps().entrySet()) {
      json.name(t.getKey())
          .beginObject()
          .name("evidence")
          .value(t.getValue().evidence())
          .name("budget")
          .value(t.getValue().budget())
          .endObject();
    }
    json.endObject();
    if (!d.getMirrorOf().isEmpty()) {
      json.name("mirrorOf")
          .value(d.getMirrorOf())
          .name("mirrorEvidence")
          .value(d.getMirrorEvidence());
    }
    if (d.getHostRank() > 0) {
      json.name("harmonicCentrality")
          .value(d.getHarmonicCentrality())
          .name("hostRank")
          .value(d.getHostRank());
    }
    json.endObject();
  }

  /** Totals over hosts: URLs per status, fetch outcomes, failing hosts, sitemaps. */
  public static final class Stats implements DbStats<HostDatum, Stats> {
    private long hosts;
    private final Map<Byte, Long> urls = new TreeMap<>();
    private long fetched;
    private long gone;
    private long retry;
    private long dnsFailures;
    private long failingHosts;
    private long hostsWithSitemaps;
    private long sitemaps;
    private long timedHosts;
    private long responseTimeSum;
    private long backedOffHosts;
    private long soft404Hosts;
    private long trapHosts;
    private long trapTemplates;
    private long rankedHosts;
    private long mirrorHosts;

    /** Hosts with a pace of their own (slowed after 429/503) and the slowest pace, ms. */
    private long slowedHosts;

    private long slowestPace;

    /** Hosts whose backoff has not ended yet: generate leaves them out. */
    private long backedOffNow;

    /** The latest end of a backoff not ended yet, ms since the epoch (0: none). */
    private long backoffUntil;

    /** When these statistics are taken: what "backed off now" means. */
    private final long now = System.currentTimeMillis();

    @Override
    public void add(HostDatum d) {
      backedOffHosts += d.getBackoffLevel() > 0 ? 1 : 0;
      if (d.getBackoffUntil() > now) {
        backedOffNow++;
        backoffUntil = Math.max(backoffUntil, d.getBackoffUntil());
      }
      soft404Hosts += d.getSoft404() == HostDatum.Soft404.PAGE ? 1 : 0;
      trapHosts += d.getTraps().isEmpty() ? 0 : 1;
      trapTemplates += d.getTraps().size();
      rankedHosts += d.getHostRank() > 0 ? 1 : 0;
      mirrorHosts += d.getMirrorOf().isEmpty() ? 0 : 1;
      slowedHosts += d.getPaceMillis() > 0 ? 1 : 0;
      slowestPace = Math.max(slowestPace, d.getPaceMillis());
      hosts++;
      d.getUrlsByStatus().forEach((s, n) -> urls.merge(s, n, Long::sum));
      fetched += d.getFetched();
      gone += d.getGone();
      retry += d.getRetry();
      dnsFailures += d.getDnsFailures();
      failingHosts += d.getFailedRounds() > 0 ? 1 : 0;
      hostsWithSitemaps += d.getSitemaps().isEmpty() ? 0 : 1;
      sitemaps += d.getSitemaps().size();
      if (d.getResponseTimeMillis() >= 0) {
        timedHosts++;
        responseTimeSum += d.getResponseTimeMillis();
      }
    }

    @Override
    public void merge(Stats o) {
      hosts += o.hosts;
      o.urls.forEach((s, n) -> urls.merge(s, n, Long::sum));
      fetched += o.fetched;
      gone += o.gone;
      retry += o.retry;
      dnsFailures += o.dnsFailures;
      failingHosts += o.failingHosts;
      hostsWithSitemaps += o.hostsWithSitemaps;
      sitemaps += o.sitemaps;
      timedHosts += o.timedHosts;
      responseTimeSum += o.responseTimeSum;
      backedOffHosts += o.backedOffHosts;
      soft404Hosts += o.soft404Hosts;
      trapHosts += o.trapHosts;
      trapTemplates += o.trapTemplates;
      rankedHosts += o.rankedHosts;
      mirrorHosts += o.mirrorHosts;
      slowedHosts += o.slowedHosts;
      slowestPace = Math.max(slowestPace, o.slowestPace);
      backedOffNow += o.backedOffNow;
      backoffUntil = Math.max(backoffUntil, o.backoffUntil);
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeInt(urls.size());
      for (Map.Entry<Byte, Long> e : urls.entrySet()) {
        out.writeByte(e.getKey());
        out.writeLong(e.getValue());
      }
      for (long n :
          new long[] {
            hosts,
            fetched,
            gone,
            retry,
            dnsFailures,
            failingHosts,
            hostsWithSitemaps,
            sitemaps,
            timedHosts,
            responseTimeSum,
            backedOffHosts,
            soft404Hosts,
            trapHosts,
            trapTemplates,
            backedOffNow,
            backoffUntil,
            rankedHosts,
            mirrorHosts,
            slowedHosts,
            slowestPace
          }) {
        out.writeLong(n);
      }
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      urls.clear();
      for (int n = in.readInt(); n > 0; n--) {
        urls.put(in.readByte(), in.readLong());
      }
      hosts = in.readLong();
      fetched = in.readLong();
      gone = in.readLong();
      retry = in.readLong();
      dnsFailures = in.readLong();
      failingHosts = in.readLong();
      hostsWithSitemaps = in.readLong();
      sitemaps = in.readLong();
      timedHosts = in.readLong();
      responseTimeSum = in.readLong();
      backedOffHosts = in.readLong();
      soft404Hosts = in.readLong();
      trapHosts = in.readLong();
      trapTemplates = in.readLong();
      backedOffNow = in.readLong();
      backoffUntil = in.readLong();
      rankedHosts = in.readLong();
      mirrorHosts = in.readLong();
      slowedHosts = in.readLong();
      slowestPace = in.readLong();
    }

    public long hosts() {
      return hosts;
    }

    public long failingHosts() {
      return failingHosts;
    }

    /** Hosts whose backoff had not ended when these statistics were taken. */
    public long backedOffNow() {
      return backedOffNow;
    }

    /** The latest end of those backoffs, ms since the epoch; 0 when none. */
    public long backoffUntil() {
      return backoffUntil;
    }

    public String table(String hostDbName) {
      StringBuilder b = new StringBuilder();
      b.append("Statistics for hostdb: ").append(hostDbName).append('\n');
      line(b, "hosts", hosts);
      for (Map.Entry<Byte, Long> e : urls.entrySet()) {
        line(b, "urls " + CrawlStatus.label(e.getKey()), e.getValue());
      }
      line(b, "fetched", fetched);
      line(b, "gone", gone);
      line(b, "retry", retry);
      line(b, "dns failures", dnsFailures);
      line(b, "hosts whose last round failed", failingHosts);
      if (backedOffHosts > 0) {
        line(b, "hosts backed off (429/503)", backedOffHosts);
      }
      if (backedOffNow > 0) {
        b.append(
            String.format(
                "%-32s%d (until %s at the latest; -dump lists them)%n",
                "hosts backed off now:",
                backedOffNow,
                Instant.ofEpochMilli(backoffUntil).truncatedTo(ChronoUnit.SECONDS)));
      }
      if (slowedHosts > 0) {
        b.append(
            String.format(
                "%-32s%d (slowest %d ms between requests; -dump: pace_ms)%n",
                "hosts slowed (own pace):", slowedHosts, slowestPace));
      }
      if (soft404Hosts > 0) {
        line(b, "hosts with soft 404s", soft404Hosts);
      }
      if (trapHosts > 0) {
        line(b, "hosts with trap templates", trapHosts);
        line(b, "trap templates", trapTemplates);
      }
      if (mirrorHosts > 0) {
        line(b, "hosts held back as mirrors", mirrorHosts);
      }
      if (rankedHosts > 0) {
        line(b, "hosts ranked (hostrank; -top)", rankedHosts);
      }
      line(b, "hosts naming sitemaps", hostsWithSitemaps);
      line(b, "sitemaps", sitemaps);
      if (timedHosts > 0) {
        line(b, "response time ms, host mean", Math.round((double) responseTimeSum / timedHosts));
      }
      return b.toString();
    }

    private static void line(StringBuilder b, String name, long value) {
      b.append(String.format("%-32s%d%n", name + ":", value));
    }
  }
}
