package org.trawler.jobs.generate;

import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Partitioner;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.net.HostAddresses;
import org.trawler.core.net.HostGroup;

/**
 * Sends every URL of a host to the same fetch list, so one fetch task owns the host's politeness
 * (partition.url.mode): byHost, byDomain (registered domain: a.example.com and b.example.com
 * together) or byIP (hosts on one server together). The grouping is the fetcher's queues' own
 * ({@link HostGroup}), so what one list holds as one server is one queue there. byIP resolves each
 * host once per task and falls back to the host name when it cannot be resolved.
 */
public class URLPartitioner extends Partitioner<FetchSlot, CrawlDatum> implements Configurable {
  private Configuration conf;
  private HostGroup mode = HostGroup.HOST;
  private HostAddresses addresses = new HostAddresses();

  public URLPartitioner() {}

  public URLPartitioner(HostGroup mode, HostAddresses addresses) {
    this.mode = mode;
    this.addresses = addresses;
  }

  /** The configured partition.url.mode. */
  public static HostGroup mode(Configuration conf) {
    return HostGroup.byMode(
        conf, GeneratorKeys.PARTITION_MODE, GeneratorKeys.DEFAULT_PARTITION_MODE);
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    mode = mode(conf);
    addresses = HostAddresses.fromSettings(conf);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public int getPartition(FetchSlot slot, CrawlDatum datum, int numPartitions) {
    return partitionOf(slot.rank().url().toString(), numPartitions);
  }

  /** The fetch list of a URL among {@code numPartitions}. */
  public int partitionOf(String url, int numPartitions) {
    return (keyOf(url).hashCode() & Integer.MAX_VALUE) % numPartitions;
  }

  /** What a URL is partitioned by: its host, its registered domain, or its address. */
  public String keyOf(String url) {
    return mode.ofUrl(url, addresses);
  }
}
