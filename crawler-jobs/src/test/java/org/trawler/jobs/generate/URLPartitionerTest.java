package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.net.HostAddresses;
import org.trawler.core.net.HostGroup;
import org.trawler.jobs.politeness.PolitenessKeys;

public class URLPartitionerTest {
  private static final int LISTS = 7;

  /**
   * A byIP partitioner whose resolver is a table, counting lookups; a missing host fails to
   * resolve.
   */
  private static final class TableResolving {
    final Map<String, String> table = new HashMap<>();
    final List<String> lookups = new ArrayList<>();
    final URLPartitioner partitioner =
        new URLPartitioner(
            HostGroup.IP,
            new HostAddresses(
                host -> {
                  lookups.add(host);
                  String address = table.get(host);
                  if (address == null) {
                    throw new UnknownHostException(host);
                  }
                  return new InetAddress[] {InetAddress.getByName(address)};
                },
                HostAddresses.DEFAULT_CAPACITY));

    int partitionOf(String url, int numPartitions) {
      return partitioner.partitionOf(url, numPartitions);
    }

    String keyOf(String host) {
      return partitioner.keyOf("http://" + host + "/");
    }
  }

  private static URLPartitioner configured(String mode) {
    Configuration conf = new Configuration(false);
    conf.set(PolitenessKeys.PARTITION_MODE, mode);
    URLPartitioner p = new URLPartitioner();
    p.setConf(conf);
    return p;
  }

  /** Hosts with the same key must land together; these pairs differ in everything but the key. */
  private static int distinctPartitions(URLPartitioner p, String... urls) {
    java.util.Set<Integer> parts = new java.util.HashSet<>();
    for (String url : urls) {
      parts.add(p.partitionOf(url, LISTS));
    }
    return parts.size();
  }

  @Test
  public void byHostPutsEveryUrlOfAHostInOneList() {
    URLPartitioner p = configured("byHost");
    assertEquals(
        1,
        distinctPartitions(
            p,
            "http://a.example.com/1",
            "http://a.example.com/2?x",
            "https://A.EXAMPLE.COM/3",
            "http://a.example.com:8080/4"));
  }

  @Test
  public void byHostSpreadsHosts() {
    URLPartitioner p = configured("byHost");
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      urls.add("http://host" + i + ".example.com/");
    }
    assertEquals(LISTS, distinctPartitions(p, urls.toArray(new String[0])));
  }

  @Test
  public void byDomainPutsHostsOfARegisteredDomainTogether() {
    URLPartitioner p = configured("byDomain");
    assertEquals(
        1,
        distinctPartitions(
            p,
            "http://a.example.com/",
            "http://b.example.com/x",
            "http://example.com/y",
            "http://deep.c.example.com/"));
    assertEquals(1, distinctPartitions(p, "http://www.bbc.co.uk/", "http://news.bbc.co.uk/"));
  }

  @Test
  public void byIpPutsHostsOnOneAddressTogether() {
    TableResolving p = new TableResolving();
    p.table.put("a.example.com", "10.0.0.1");
    p.table.put("b.other.org", "10.0.0.1");
    p.table.put("c.third.net", "10.0.0.2");
    assertEquals(
        p.partitionOf("http://a.example.com/", LISTS),
        p.partitionOf("http://b.other.org/x", LISTS));
    assertEquals(p.keyOf("c.third.net"), "10.0.0.2");
  }

  @Test
  public void byIpResolvesEachHostOncePerTask() {
    TableResolving p = new TableResolving();
    p.table.put("a.example.com", "10.0.0.1");
    for (int i = 0; i < 5; i++) {
      p.partitionOf("http://a.example.com/" + i, LISTS);
      p.partitionOf("http://unknown.invalid/" + i, LISTS);
    }
    assertEquals(List.of("a.example.com", "unknown.invalid"), p.lookups);
  }

  @Test
  public void byIpFallsBackToTheHostNameWhenResolutionFails() {
    TableResolving p = new TableResolving();
    assertEquals("unknown.invalid", p.keyOf("unknown.invalid"));
    assertEquals(
        configured("byHost").partitionOf("http://unknown.invalid/a", LISTS),
        p.partitionOf("http://unknown.invalid/b", LISTS));
  }

  @Test
  public void byIpResolvesAddressLiteralsToThemselves() {
    URLPartitioner p = configured("byIP");
    assertEquals("127.0.0.2", p.keyOf("http://127.0.0.2/"));
    assertEquals(
        p.partitionOf("http://127.0.0.2:8080/a", LISTS),
        p.partitionOf("http://127.0.0.2/b", LISTS));
  }

  @Test
  public void domainOfTreatsAddressesAndBareNamesAsTheirOwnDomain() {
    assertEquals("example.com", HostGroup.domainOf("a.b.example.com"));
    assertEquals("example.co.uk", HostGroup.domainOf("www.example.co.uk"));
    assertEquals("127.0.0.2", HostGroup.domainOf("127.0.0.2"));
    assertEquals("localhost", HostGroup.domainOf("localhost"));
    assertNotEquals(HostGroup.domainOf("a.example.com"), HostGroup.domainOf("a.example.org"));
  }

  @Test(expected = IllegalArgumentException.class)
  public void unknownModeIsRejected() {
    configured("byPlanet");
  }
}
