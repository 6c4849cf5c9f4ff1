package org.trawler.jobs.generate;

import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Partitioner;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.net.HostGroup;

/**
 * Select: sends all URLs of a host (or domain, generate.count.mode) to one reducer, which counts
 * them.
 */
public class GroupPartitioner extends Partitioner<Rank, CrawlDatum> implements Configurable {
  private Configuration conf;
  private HostGroup grouping = HostGroup.HOST;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    grouping = SelectReducer.countMode(conf);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public int getPartition(Rank rank, CrawlDatum datum, int numPartitions) {
    String group =
        grouping.ofUrl(rank.url().toString(), null); // host or domain: no addresses needed
    return (group.hashCode() & Integer.MAX_VALUE) % numPartitions;
  }
}
