package org.trawler.jobs.generate;

import java.net.MalformedURLException;

import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Partitioner;
import org.trawler.core.datum.CrawlDatum;

/** Select: sends all URLs of a host (or domain, generate.count.mode) to one reducer, which counts them. */
public class GroupPartitioner extends Partitioner<Rank, CrawlDatum> implements Configurable {
  private Configuration conf;
  private HostGrouping grouping = HostGrouping.HOST;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    grouping = HostGrouping.parse(conf.get(GeneratorKeys.COUNT_MODE, "host"));
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public int getPartition(Rank rank, CrawlDatum datum, int numPartitions) {
    String group;
    try {
      group = grouping.group(HostGrouping.hostOf(rank.url().toString()));
    } catch (MalformedURLException e) {
      group = ""; // the mapper already dropped such URLs
    }
    return (group.hashCode() & Integer.MAX_VALUE) % numPartitions;
  }
}
