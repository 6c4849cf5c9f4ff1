package org.trawler.jobs.generate;

import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Partitioner;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.net.HostAddresses;
import org.trawler.core.net.HostGroup;
import org.trawler.jobs.politeness.HostPartition;

/**
 * Sends every URL of a host group to the same fetch list, so one fetch task owns the group's
 * politeness: generate's partitioner over the one rule ({@link HostPartition}, partition.url.mode)
 * that the sitemap job's site lists follow too.
 */
public class URLPartitioner extends Partitioner<FetchSlot, CrawlDatum> implements Configurable {
  private Configuration conf;
  private HostPartition rule = HostPartition.byHost();

  public URLPartitioner() {}

  public URLPartitioner(HostGroup mode, HostAddresses addresses) {
    this.rule = new HostPartition(mode, addresses);
  }

  /** The configured partition.url.mode. */
  public static HostGroup mode(Configuration conf) {
    return HostPartition.mode(conf);
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    rule = HostPartition.fromSettings(conf);
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
    return rule.partitionOf(url, numPartitions);
  }

  /** What a URL is partitioned by: its host, its registered domain, or its address. */
  public String keyOf(String url) {
    return rule.keyOf(url);
  }
}
