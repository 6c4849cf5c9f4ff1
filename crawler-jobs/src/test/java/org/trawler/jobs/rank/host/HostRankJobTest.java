package org.trawler.jobs.rank.host;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.hostdb.HostDbFiles;
import org.trawler.jobs.layout.CrawlDir;

/**
 * hostrank in local mode on a host graph the test makes: a random power-law graph of 1000 hosts
 * (preferential attachment, with some links from hubs back to new hosts to make cycles) beside
 * small hand-made graphs (a cycle with a host linking into it, a chain). The harmonic centrality it
 * stores is compared with the exact one computed by a breadth-first search from every host.
 */
public class HostRankJobTest {
  @ClassRule public static TemporaryFolder tmp = new TemporaryFolder();

  private static final int POWER_LAW_HOSTS = 1000;

  /** host → the hosts it links to. */
  private static final Map<String, TreeSet<String>> graph = new TreeMap<>();

  private static Map<String, HostDatum> stored;
  private static CommandRun run;
  private static CommandRun top;

  @BeforeClass
  public static void rankTheGraph() throws Exception {
    link("cycle-a.test", "cycle-b.test");
    link("cycle-b.test", "cycle-c.test");
    link("cycle-c.test", "cycle-a.test");
    link("into.test", "cycle-a.test");
    link("chain-1.test", "chain-2.test");
    link("chain-2.test", "chain-3.test");
    link("chain-3.test", "chain-4.test");
    powerLaw(new Random(40));
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", new File(tmp.getRoot(), "hadoop").getAbsolutePath());
    CrawlDir crawl = new CrawlDir(new Path(tmp.newFolder("crawl").getPath()));
    // each link twice (two pages of the linking host) and each host linking to itself
    TreeMap<String, Inlinks> linkDb = new TreeMap<>();
    TreeMap<String, HostDatum> hosts = new TreeMap<>();
    graph.forEach(
        (from, targets) -> {
          HostDatum h = new HostDatum();
          h.addUrls(CrawlStatus.DB_FETCHED, 1);
          hosts.put(from, h);
          for (String to : targets) {
            Inlinks in = linkDb.computeIfAbsent("http://" + to + "/", u -> new Inlinks());
            in.add("http://" + from + "/a", "");
            in.add("http://" + from + "/b", "");
            in.add("http://" + to + "/self", "");
          }
        });
    hosts.remove("chain-4.test"); // linked to, never crawled: not stored
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawl.linkDb()), Inlinks.class, linkDb);
    HostDbFiles.write(VersionedDb.current(crawl.hostDb()), hosts);
    run = CommandRun.run(conf, "hostrank", crawl.root().toString());
    top = CommandRun.run(conf, "readhostdb", crawl.hostDb().toString(), "-top", "3");
    stored =
        LocalJobFixtures.readAll(
            conf, VersionedDb.current(crawl.hostDb()), new HostDatum(), HostDatum::new);
  }

  private static void link(String from, String to) {
    graph.computeIfAbsent(from, h -> new TreeSet<>()).add(to);
    graph.computeIfAbsent(to, h -> new TreeSet<>());
  }

  /**
   * Each new host links to 3 hosts chosen by in-degree + 1; one in 4 is linked back from a host
   * chosen the same way (a hub, mostly).
   */
  private static void powerLaw(Random random) {
    List<Integer> urn = new ArrayList<>(); // host i appears in-degree + 1 times
    for (int i = 0; i < POWER_LAW_HOSTS; i++) {
      String host = "h" + i + ".test";
      graph.computeIfAbsent(host, h -> new TreeSet<>());
      for (int k = 0; k < 3 && i > 0; k++) {
        int to = urn.get(random.nextInt(urn.size()));
        link(host, "h" + to + ".test");
        urn.add(to);
      }
      urn.add(i);
      if (i > 10 && random.nextInt(4) == 0) {
        link("h" + urn.get(random.nextInt(urn.size())) + ".test", host);
        urn.add(i);
      }
    }
  }

  /**
   * Exact harmonic centrality: for each host, the sum of 1/distance from every host reaching it.
   */
  private static Map<String, Double> exactHarmonic() {
    Map<String, Double> harmonic = new HashMap<>();
    graph.keySet().forEach(h -> harmonic.put(h, 0.0));
    for (String source : graph.keySet()) {
      Map<String, Integer> distance = new HashMap<>(Map.of(source, 0));
      ArrayDeque<String> queue = new ArrayDeque<>(List.of(source));
      while (!queue.isEmpty()) {
        String h = queue.poll();
        for (String next : graph.get(h)) {
          if (!distance.containsKey(next)) {
            distance.put(next, distance.get(h) + 1);
            harmonic.merge(next, 1.0 / (distance.get(h) + 1), Double::sum);
            queue.add(next);
          }
        }
      }
    }
    return harmonic;
  }

  @Test
  public void theCommandSaysWhatItRanked() {
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.startsWith("hostrank: " + graph.size() + " hosts, "));
    assertTrue(run.out, run.out.contains(" " + (graph.size() - 1) + " hosts ranked in "));
  }

  @Test
  public void readhostdbListsTheMostCentralHosts() {
    assertEquals(top.toString(), 0, top.exitCode);
    String[] lines = top.out.split("\n");
    assertEquals(top.out, 4, lines.length);
    assertTrue(top.out, lines[0].startsWith("host "));
    float previous = Float.MAX_VALUE;
    for (int i = 1; i < lines.length; i++) {
      String host = lines[i].split(" +")[0];
      float harmonic = stored.get(host).getHarmonicCentrality();
      assertTrue(top.out, harmonic <= previous);
      previous = harmonic;
    }
    float third = previous;
    assertEquals(
        top.out,
        2,
        stored.values().stream().filter(h -> h.getHarmonicCentrality() > third).count());
  }

  @Test
  public void smallGraphsGetTheirExactHarmonicCentrality() {
    // a is linked from c (1) and into (1), and from b through c (1/2)
    assertEquals(2.5, stored.get("cycle-a.test").getHarmonicCentrality(), 0.1);
    assertEquals(1 + 0.5 + 0.5, stored.get("cycle-b.test").getHarmonicCentrality(), 0.1);
    assertEquals(1 + 0.5, stored.get("chain-3.test").getHarmonicCentrality(), 0.1);
    assertEquals(0, stored.get("chain-1.test").getHarmonicCentrality(), 0);
    assertEquals(0, stored.get("into.test").getHarmonicCentrality(), 0);
    assertTrue("not crawled, not stored", !stored.containsKey("chain-4.test"));
    // PageRank: in the cycle, the host linked from outside ranks highest; nothing links to into
    assertEquals(0.15, stored.get("into.test").getHostRank(), 0.01);
    assertTrue(stored.get("cycle-a.test").getHostRank() > stored.get("cycle-b.test").getHostRank());
  }

  @Test
  public void harmonicCentralityRanksHostsAsTheExactOneDoes() {
    Map<String, Double> exact = exactHarmonic();
    List<String> hosts = new ArrayList<>(stored.keySet());
    double[] e = new double[hosts.size()];
    double[] m = new double[hosts.size()];
    for (int i = 0; i < hosts.size(); i++) {
      e[i] = exact.get(hosts.get(i));
      m[i] = stored.get(hosts.get(i)).getHarmonicCentrality();
    }
    double rho = spearman(e, m);
    assertTrue("Spearman " + rho, rho >= 0.95);
  }

  @Test
  public void harmonicCentralityIsWithinTheCountersExpectedError() {
    Map<String, Double> exact = exactHarmonic();
    double sum = 0;
    int n = 0;
    for (Map.Entry<String, HostDatum> s : stored.entrySet()) {
      double x = exact.get(s.getKey());
      if (x > 0) {
        sum += Math.abs(s.getValue().getHarmonicCentrality() - x) / x;
        n++;
      }
    }
    double meanError = sum / n;
    assertTrue("mean relative error " + meanError, meanError <= HyperLogLog.relativeError(7));
  }

  /** Spearman's rank correlation, ties given their mean rank. */
  static double spearman(double[] a, double[] b) {
    return pearson(ranks(a), ranks(b));
  }

  private static double[] ranks(double[] v) {
    Integer[] order = new Integer[v.length];
    for (int i = 0; i < v.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Double.compare(v[x], v[y]));
    double[] r = new double[v.length];
    for (int i = 0; i < v.length; ) {
      int j = i;
      while (j + 1 < v.length && v[order[j + 1]] == v[order[i]]) {
        j++;
      }
      for (int k = i; k <= j; k++) {
        r[order[k]] = (i + j) / 2.0;
      }
      i = j + 1;
    }
    return r;
  }

  private static double pearson(double[] x, double[] y) {
    double mx = Arrays.stream(x).average().orElse(0);
    double my = Arrays.stream(y).average().orElse(0);
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (int i = 0; i < x.length; i++) {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
      syy += (y[i] - my) * (y[i] - my);
    }
    return sxy / Math.sqrt(sxx * syy);
  }
}
