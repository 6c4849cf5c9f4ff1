package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.net.HostAddresses;
import org.trawler.core.net.HostGroup;
import org.trawler.core.net.URLParts;
import org.trawler.jobs.generate.GeneratorKeys;
import org.trawler.jobs.generate.SelectReducer;
import org.trawler.jobs.generate.URLPartitioner;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.jobs.politeness.QueueIds;

/**
 * What generate puts in one fetch list as one server (partition.url.mode, and generate.count.mode
 * for the per-host cap) is one politeness queue in the fetcher (fetcher.queue.mode): otherwise two
 * queues would hit one server in parallel. Each side runs in its own task with its own DNS lookups,
 * as on a cluster.
 */
public class GenerateAndFetchAgreeTest {
  private static final List<String> ROUND_ROBIN = List.of("10.0.0.30", "10.0.0.4", "10.0.0.17");

  /**
   * Round-robin DNS: shop.example's names answer the same addresses, rotated by one at each lookup.
   */
  private static final class RoundRobinDns implements HostAddresses.Resolver {
    private int rotation;
    final List<String> firstAnswered = new ArrayList<>();

    RoundRobinDns(int rotation) {
      this.rotation = rotation;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
      List<String> answer = host.endsWith("shop.example") ? ROUND_ROBIN : List.of("10.0.9.9");
      InetAddress[] addresses = new InetAddress[answer.size()];
      for (int i = 0; i < addresses.length; i++) {
        addresses[i] = InetAddress.getByName(answer.get((i + rotation) % answer.size()));
      }
      rotation++;
      firstAnswered.add(addresses[0].getHostAddress());
      return addresses;
    }
  }

  private static Configuration both(String mode) {
    Configuration conf = new Configuration(false);
    conf.set(PolitenessKeys.PARTITION_MODE, mode);
    conf.set(PolitenessKeys.QUEUE_MODE, mode);
    return conf;
  }

  /**
   * Generate's fetch-list key and the fetcher's queue of every URL, each side with its own
   * resolver.
   */
  private static Map<String, String[]> keysAndQueues(
      Configuration conf,
      List<String> urls,
      HostAddresses.Resolver generateDns,
      HostAddresses.Resolver fetchDns)
      throws Exception {
    URLPartitioner generate =
        new URLPartitioner(URLPartitioner.mode(conf), new HostAddresses(generateDns, 100));
    QueueIds fetch =
        new QueueIds(FetcherSettings.from(conf, 0).queueMode, new HostAddresses(fetchDns, 100));
    Map<String, String[]> result = new LinkedHashMap<>();
    for (String url : urls) {
      result.put(url, new String[] {generate.keyOf(url), fetch.queueIdFor(url)});
    }
    return result;
  }

  /** For every pair, http and https alike: one fetch list exactly when one queue. */
  private static void assertTogetherInBothOrInNeither(Map<String, String[]> keys) {
    for (Map.Entry<String, String[]> a : keys.entrySet()) {
      for (Map.Entry<String, String[]> b : keys.entrySet()) {
        boolean oneList = a.getValue()[0].equals(b.getValue()[0]);
        boolean oneQueue = a.getValue()[1].equals(b.getValue()[1]);
        assertEquals(a.getKey() + " and " + b.getKey(), oneList, oneQueue);
      }
    }
  }

  @Test
  public void aRoundRobinNameIsOneFetchListAndOneQueueWhateverOrderDnsAnswersIn() throws Exception {
    RoundRobinDns generateDns = new RoundRobinDns(0);
    RoundRobinDns fetchDns = new RoundRobinDns(1);
    List<String> urls =
        List.of(
            "http://www.shop.example/a",
            "http://img.shop.example/b.png",
            "http://shop.example/c",
            "http://other.example/d");

    Map<String, String[]> keys = keysAndQueues(both("byIP"), urls, generateDns, fetchDns);

    assertTogetherInBothOrInNeither(keys);
    assertEquals("10.0.0.4", keys.get("http://www.shop.example/a")[0]);
    assertEquals("10.0.0.4", keys.get("http://img.shop.example/b.png")[1]);
    assertEquals("10.0.0.4", keys.get("http://shop.example/c")[1]);
    assertNotEquals(keys.get("http://other.example/d")[1], keys.get("http://shop.example/c")[1]);
    // DNS answered the two tasks in different orders: the first address would have split them.
    assertNotEquals(generateDns.firstAnswered, fetchDns.firstAnswered);
  }

  @Test
  public void hostsUnderAPublicSuffixAreOneFetchListAndOneQueueExactlyWhenOneDomain()
      throws Exception {
    List<String> urls =
        List.of(
            "http://x.example.co.uk/",
            "http://y.example.co.uk/a",
            "https://example.co.uk/",
            "http://a.blogspot.com/",
            "http://b.blogspot.com/",
            "http://www.a.blogspot.com/x",
            "http://example.com/",
            "http://www.example.com/",
            "http://localhost:8080/",
            "http://127.0.0.2/");
    Configuration conf = both("byDomain");
    conf.set(GeneratorKeys.COUNT_MODE, "domain");

    Map<String, String[]> keys =
        keysAndQueues(conf, urls, new RoundRobinDns(0), new RoundRobinDns(1));

    assertTogetherInBothOrInNeither(keys);
    assertEquals("example.co.uk", keys.get("http://x.example.co.uk/")[0]);
    assertEquals("example.co.uk", keys.get("http://y.example.co.uk/a")[1]);
    assertEquals("example.co.uk", keys.get("https://example.co.uk/")[1]);
    assertEquals("a.blogspot.com", keys.get("http://www.a.blogspot.com/x")[1]);
    assertNotEquals(keys.get("http://a.blogspot.com/")[1], keys.get("http://b.blogspot.com/")[1]);
    HostGroup count = SelectReducer.countMode(conf);
    for (String url : urls) {
      assertEquals(url, keys.get(url)[0], count.of(URLParts.host(url), null));
    }
  }

  @Test
  public void byHostTheyAgreeToo() throws Exception {
    List<String> urls =
        List.of("http://a.example/", "http://A.EXAMPLE:8080/x", "http://b.example/");
    assertTogetherInBothOrInNeither(
        keysAndQueues(both("byHost"), urls, new RoundRobinDns(0), new RoundRobinDns(1)));
  }
}
