package org.trawler.jobs.generate;

import java.net.InetAddress;
import java.net.MalformedURLException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Partitioner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlDatum;

/**
 * Sends every URL of a host to the same fetch list, so one fetch task owns the host's politeness
 * (partition.url.mode): byHost, byDomain (registered domain: a.example.com and b.example.com
 * together) or byIP (hosts on one server together). byIP resolves each host once per task and
 * falls back to the host name when it cannot be resolved.
 */
public class URLPartitioner extends Partitioner<FetchSlot, CrawlDatum> implements Configurable {
  private static final Logger LOG = LoggerFactory.getLogger(URLPartitioner.class);

  /** The values of partition.url.mode. */
  public enum Mode {
    BY_HOST("byHost"),
    BY_DOMAIN("byDomain"),
    BY_IP("byIP");

    private final String value;

    Mode(String value) {
      this.value = value;
    }

    public static Mode parse(String value) {
      for (Mode m : values()) {
        if (m.value.equalsIgnoreCase(value.trim())) {
          return m;
        }
      }
      throw new IllegalArgumentException(
          GeneratorKeys.PARTITION_MODE + " must be byHost, byDomain or byIP, not '" + value + "'");
    }
  }

  private Configuration conf;
  private Mode mode = Mode.BY_HOST;
  private final Map<String, String> addresses = new HashMap<>();

  public URLPartitioner() {}

  public URLPartitioner(Mode mode) {
    this.mode = mode;
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    mode = Mode.parse(conf.get(GeneratorKeys.PARTITION_MODE, "byHost"));
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
    String key;
    try {
      key = keyOf(HostGrouping.hostOf(url));
    } catch (MalformedURLException e) {
      key = url;
    }
    return (key.hashCode() & Integer.MAX_VALUE) % numPartitions;
  }

  /** What a host is partitioned by: itself, its registered domain, or its address. */
  String keyOf(String host) {
    switch (mode) {
      case BY_DOMAIN:
        return HostGrouping.domainOf(host);
      case BY_IP:
        return addresses.computeIfAbsent(host, this::addressOrHost);
      default:
        return host;
    }
  }

  private String addressOrHost(String host) {
    try {
      return resolve(host);
    } catch (UnknownHostException | SecurityException e) {
      LOG.info("cannot resolve {} ({}): its fetch list is chosen by host name", host, e.getMessage());
      return host;
    }
  }

  /**
   * The host's address. With several (round-robin DNS) the lowest, so that every task picks the
   * same one.
   */
  protected String resolve(String host) throws UnknownHostException {
    return Arrays.stream(InetAddress.getAllByName(host)).map(InetAddress::getHostAddress).sorted()
        .findFirst().orElseThrow(() -> new UnknownHostException(host));
  }
}
