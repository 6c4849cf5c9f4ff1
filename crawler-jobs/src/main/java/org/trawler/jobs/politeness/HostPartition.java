package org.trawler.jobs.politeness;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.HostAddresses;
import org.trawler.core.net.HostGroup;

/**
 * Which task of {@code n} a URL's host group belongs to (partition.url.mode): byHost, byDomain
 * (registered domain: a.example.com and b.example.com together) or byIP (hosts on one server
 * together), so one task owns the group's politeness. The one rule for generate's fetch lists and
 * the sitemap job's site lists, kept here below both. The grouping is the fetcher's queues' own
 * ({@link HostGroup}); byIP resolves each host once per task and falls back to the host name when
 * it cannot be resolved.
 */
public final class HostPartition {
  private final HostGroup mode;
  private final HostAddresses addresses;

  public HostPartition(HostGroup mode, HostAddresses addresses) {
    this.mode = mode;
    this.addresses = addresses;
  }

  /** By host, no lookups: what a partitioner holds before it is configured. */
  public static HostPartition byHost() {
    return new HostPartition(HostGroup.HOST, new HostAddresses());
  }

  /** The configured partition.url.mode, with this task's address lookups. */
  public static HostPartition fromSettings(Configuration conf) {
    return new HostPartition(mode(conf), HostAddresses.fromSettings(conf));
  }

  /** The configured partition.url.mode. */
  public static HostGroup mode(Configuration conf) {
    return HostGroup.byMode(
        conf, PolitenessKeys.PARTITION_MODE, PolitenessKeys.DEFAULT_PARTITION_MODE);
  }

  /** The task of a URL among {@code numPartitions}. */
  public int partitionOf(String url, int numPartitions) {
    return (keyOf(url).hashCode() & Integer.MAX_VALUE) % numPartitions;
  }

  /** What a URL is partitioned by: its host, its registered domain, or its address. */
  public String keyOf(String url) {
    return mode.ofUrl(url, addresses);
  }
}
