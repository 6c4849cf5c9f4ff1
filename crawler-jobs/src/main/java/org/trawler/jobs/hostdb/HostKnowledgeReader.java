package org.trawler.jobs.hostdb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.net.URLParts;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;

/**
 * Reads the hostdb into a task's {@link HostKnowledge}, once per task: a job names what its tasks
 * read ({@link #handOver}), each task reads it in setup() ({@link #read}). One pass over the
 * installed hostdb version keeps what any phase asks of a host; with the soft-404 probe on
 * (fetcher.soft404.probe) the hostdb's probe answers too, and always those of the segments handed
 * over (a probe of this round counts before updatehostdb keeps it).
 */
public final class HostKnowledgeReader {
  private HostKnowledgeReader() {}

  /**
   * Has a job's tasks read the installed hostdb version {@code hostDbCurrent} (null: none) and the
   * {@link Soft404#SEGMENT_PART} of those {@code segments} that have one.
   */
  public static void handOver(Configuration jobConf, Path hostDbCurrent, List<Path> segments)
      throws IOException {
    if (hostDbCurrent != null) {
      // qualified: a task may run where the driver's working directory means nothing
      jobConf.set(
          HostDbKeys.INTERNAL_CURRENT,
          hostDbCurrent.getFileSystem(jobConf).makeQualified(hostDbCurrent).toString());
    }
    List<String> parts = new ArrayList<>();
    for (Path segment : segments) {
      if (Segment.hasPart(jobConf, segment, Soft404.SEGMENT_PART)) {
        parts.add(new Path(segment, Soft404.SEGMENT_PART).toString());
      }
    }
    if (!parts.isEmpty()) {
      jobConf.setStrings(Soft404Keys.INTERNAL_PROBE_PARTS, parts.toArray(new String[0]));
    }
  }

  /**
   * Has a job's tasks also read every ranked host's harmonic centrality (generate's budgets by
   * rank): a map of all ranked hosts, so only when asked.
   */
  public static void readRank(Configuration jobConf) {
    jobConf.setBoolean(HostDbKeys.INTERNAL_READ_RANK, true);
  }

  /**
   * The view a task was handed ({@link #handOver}); {@link HostKnowledge#NONE} when it was handed
   * nothing. A host is watched when it failed a round, is backed off after {@code now} (ms) or has
   * a pace of its own.
   */
  public static HostKnowledge read(Configuration conf, long now) throws IOException {
    String hostDb = conf.get(HostDbKeys.INTERNAL_CURRENT);
    String[] probeParts = conf.getTrimmedStrings(Soft404Keys.INTERNAL_PROBE_PARTS);
    if (hostDb == null && probeParts.length == 0) {
      return HostKnowledge.NONE;
    }
    Map<String, HostDatum> watched = new HashMap<>();
    Map<String, Map<String, Integer>> traps = new HashMap<>();
    Map<String, Set<String>> params = new HashMap<>();
    Map<String, HostDatum> probes = new HashMap<>();
    Map<String, Float> centrality = new HashMap<>();
    Map<String, String> mirrors = new HashMap<>();
    boolean rank = conf.getBoolean(HostDbKeys.INTERNAL_READ_RANK, false);
    boolean probing = Soft404Probe.on(conf);
    WwwTwins.Tally www = new WwwTwins.Tally();
    int wwwEvidence =
        Settings.getInt(
            conf, HostDbKeys.WWW_LEARN_MIN_EVIDENCE, HostDbKeys.DEFAULT_WWW_LEARN_MIN_EVIDENCE);
    try {
      if (hostDb != null) {
        PartFiles.read(
            conf,
            new Path(hostDb),
            new Text(),
            new HostDatum(),
            (host, d) -> {
              String name = host.toString();
              if (d.getFailedRounds() > 0 || d.getBackoffUntil() > now || d.getPaceMillis() > 0) {
                watched.put(name, new HostDatum(d));
              }
              if (!d.getTraps().isEmpty()) {
                Map<String, Integer> budgets = new HashMap<>();
                d.getTraps().forEach((t, trap) -> budgets.put(t, trap.budget()));
                traps.put(name, budgets);
              }
              if (!d.getIrrelevantParams().isEmpty()) {
                params.put(name, Set.copyOf(d.getIrrelevantParams().keySet()));
              }
              if (!d.getMirrorOf().isEmpty()) {
                mirrors.put(name, d.getMirrorOf());
              }
              if (probing) {
                keepProbe(probes, name, d);
              }
              if (wwwEvidence > 0) {
                www.add(name, d);
              }
              if (rank && d.getHarmonicCentrality() > 0) {
                centrality.put(name, d.getHarmonicCentrality());
              }
            });
      }
      for (String part : probeParts) {
        PartFiles.read(
            conf,
            new Path(part),
            new Text(),
            new HostDatum(),
            (url, d) -> keepProbe(probes, URLParts.host(url.toString()), d));
      }
    } catch (UserException e) {
      throw new IOException(e.getMessage(), e);
    }
    return new HostKnowledge(
        watched, traps, params, probes, centrality, mirrors, www.judge(wwwEvidence));
  }

  /** Keeps the host's newest probe answer, its soft-404 fields only. */
  private static void keepProbe(Map<String, HostDatum> probes, String host, HostDatum d) {
    if (d.getSoft404() == HostDatum.Soft404.UNKNOWN || host == null || host.isEmpty()) {
      return;
    }
    HostDatum kept = probes.get(host);
    if (kept == null || kept.getSoft404Time() <= d.getSoft404Time()) {
      HostDatum probe = new HostDatum();
      probe.setSoft404(d.getSoft404(), d.getSoft404Fingerprint(), d.getSoft404Time());
      probes.put(host, probe);
    }
  }
}
