package org.trawler.jobs.rank;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.FloatWritable;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.cli.Main;

/**
 * PageRank in memory by plain power iteration, the exact answer rank's jobs are checked against:
 * nodes, weighted links, dangling rank spread over every page, teleport 1 - damping; and the check
 * of rank's output against an exact answer. Public for simweb's check of rank on its site model's
 * graph.
 */
public final class PageRankReference {
  private PageRankReference() {}

  /** The ranks (summing to 1) once the L1 change is below {@code epsilon}. */
  static Map<String, Double> ranks(
      List<String> pages, Map<String, Map<String, Float>> links, double damping, double epsilon) {
    int n = pages.size();
    Map<String, Double> rank = new HashMap<>();
    pages.forEach(p -> rank.put(p, 1.0 / n));
    double change = Double.MAX_VALUE;
    while (change >= epsilon) {
      Map<String, Double> inflow = new HashMap<>();
      double dangling = 0;
      for (String p : pages) {
        Map<String, Float> out = links.getOrDefault(p, Map.of());
        double total = out.values().stream().mapToDouble(Float::doubleValue).sum();
        if (out.isEmpty()) {
          dangling += rank.get(p);
        }
        for (Map.Entry<String, Float> e : out.entrySet()) {
          inflow.merge(e.getKey(), rank.get(p) * e.getValue() / total, Double::sum);
        }
      }
      change = 0;
      for (String p : pages) {
        double next = (1 - damping) / n + damping * (inflow.getOrDefault(p, 0.0) + dangling / n);
        change += Math.abs(next - rank.get(p));
        rank.put(p, next);
      }
    }
    return rank;
  }

  /**
   * The exact check of rank: runs {@code bin/crawl rank} in local mode to {@code epsilon} on {@code
   * crawl} (a crawldb of the pages of {@code exact}, segments with {@code links} links between
   * them), sees it converge, and compares the ranks it wrote with {@code exact}: the same pages, L1
   * distance below {@code epsilon}, Spearman rank correlation at least 0.99. Returns the ranks,
   * scaled to sum to 1.
   */
  public static Map<String, Double> assertRankMatches(
      Configuration conf, File crawl, int links, Map<String, Double> exact, double epsilon)
      throws Exception {
    int n = exact.size();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code =
        Main.run(
            conf,
            new String[] {"rank", crawl.getPath(), "-epsilon", Double.toString(epsilon)},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err);
    assertEquals(0, code);
    String summary = out.toString(StandardCharsets.UTF_8);
    assertTrue(summary, summary.startsWith("rank: " + n + " pages, " + links + " links"));
    assertTrue(summary, summary.contains("(converged)"));

    Map<String, Double> ranks = new HashMap<>();
    LocalJobFixtures.readAll(
            conf,
            VersionedDb.current(new Path(new File(crawl, "crawldb").getPath())),
            new CrawlDatum(),
            d -> ((FloatWritable) d.getMetadata().get(MetadataKeys.PAGE_RANK)).get())
        .forEach((url, scaled) -> ranks.put(url, (double) scaled / n));
    assertEquals(exact.keySet(), ranks.keySet());
    double l1 = l1(exact, ranks);
    assertTrue("L1 distance " + l1, l1 < epsilon);
    double rho = spearman(exact, ranks);
    assertTrue("Spearman " + rho, rho >= 0.99);
    return ranks;
  }

  /** The L1 distance of two rank vectors over the same pages. */
  public static double l1(Map<String, Double> a, Map<String, Double> b) {
    double d = 0;
    for (String p : a.keySet()) {
      d += Math.abs(a.get(p) - b.get(p));
    }
    return d;
  }

  /** Spearman's rank correlation of two scorings of the same pages, ties given their mean rank. */
  public static double spearman(Map<String, Double> a, Map<String, Double> b) {
    List<String> pages = new ArrayList<>(a.keySet());
    Map<String, Double> ra = positions(pages, a);
    Map<String, Double> rb = positions(pages, b);
    double meanA = ra.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double meanB = rb.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double cov = 0;
    double va = 0;
    double vb = 0;
    for (String p : pages) {
      double da = ra.get(p) - meanA;
      double db = rb.get(p) - meanB;
      cov += da * db;
      va += da * da;
      vb += db * db;
    }
    return cov / Math.sqrt(va * vb);
  }

  private static Map<String, Double> positions(List<String> pages, Map<String, Double> score) {
    List<String> sorted = new ArrayList<>(pages);
    Collections.sort(sorted, (x, y) -> Double.compare(score.get(x), score.get(y)));
    Map<String, Double> position = new HashMap<>();
    int i = 0;
    while (i < sorted.size()) {
      int j = i;
      // equal within float precision: the crawldb keeps ranks as floats
      while (j + 1 < sorted.size()
          && Math.abs(score.get(sorted.get(j + 1)) - score.get(sorted.get(i)))
              <= 1e-6 * score.get(sorted.get(i))) {
        j++;
      }
      for (int k = i; k <= j; k++) {
        position.put(sorted.get(k), (i + j) / 2.0);
      }
      i = j + 1;
    }
    return position;
  }
}
