package org.trawler.jobs.hostdb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.net.URLParts;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;

/**
 * What the crawl learnt about hosts, as the fetcher and updatedb read it (DESIGN §13): handed to a
 * job's tasks through its configuration ({@link #handOver}) and read once in setup() ({@link
 * #fromConf}). It holds the soft-404 probe answer of every probed host, from the installed hostdb
 * and from this round's segments (a probe of this round counts before updatehostdb keeps it); hosts
 * never probed take no memory.
 */
public final class HostKnowledge {
  /** Knows nothing: every host is due a probe, no page is judged. */
  public static final HostKnowledge NONE = new HostKnowledge(Map.of());

  private final Map<String, HostDatum> probes;

  HostKnowledge(Map<String, HostDatum> probes) {
    this.probes = probes;
  }

  /** The host's kept probe (only its soft-404 fields are set), or null when never probed. */
  public HostDatum probeOf(String host) {
    return host == null ? null : probes.get(host);
  }

  /** Hosts with a kept probe. */
  public int probedHosts() {
    return probes.size();
  }

  /**
   * Has a job's tasks read the installed hostdb version {@code hostDbCurrent} (null: none) and the
   * {@link Soft404#SEGMENT_PART} of those {@code segments} that have one.
   */
  public static void handOver(Configuration jobConf, Path hostDbCurrent, List<Path> segments)
      throws IOException {
    if (hostDbCurrent != null) {
      jobConf.set(Soft404Keys.INTERNAL_HOSTDB, hostDbCurrent.toString());
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

  /** The view a task was handed ({@link #handOver}); {@link #NONE} when it was handed nothing. */
  public static HostKnowledge fromConf(Configuration conf) throws IOException {
    Map<String, HostDatum> probes = new HashMap<>();
    try {
      String hostDb = conf.get(Soft404Keys.INTERNAL_HOSTDB);
      if (hostDb != null) {
        PartFiles.read(
            conf,
            new Path(hostDb),
            new Text(),
            new HostDatum(),
            (host, d) -> keep(probes, host, d));
      }
      for (String part : conf.getTrimmedStrings(Soft404Keys.INTERNAL_PROBE_PARTS)) {
        PartFiles.read(
            conf,
            new Path(part),
            new Text(),
            new HostDatum(),
            (url, d) -> {
              String host = URLParts.host(url.toString());
              if (host != null) {
                keep(probes, new Text(host), d);
              }
            });
      }
    } catch (UserException e) {
      throw new IOException(e.getMessage(), e);
    }
    return probes.isEmpty() ? NONE : new HostKnowledge(probes);
  }

  /** Keeps the host's newest probe answer, its soft-404 fields only. */
  private static void keep(Map<String, HostDatum> probes, Text host, HostDatum d) {
    if (d.getSoft404() == HostDatum.Soft404.UNKNOWN || host.getLength() == 0) {
      return;
    }
    HostDatum kept = probes.get(host.toString());
    if (kept == null || kept.getSoft404Time() <= d.getSoft404Time()) {
      HostDatum probe = new HostDatum();
      probe.setSoft404(d.getSoft404(), d.getSoft404Fingerprint(), d.getSoft404Time());
      probes.put(host.toString(), probe);
    }
  }
}
