package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.Content;
import org.trawler.core.parse.ParseKeys;
import org.trawler.jobs.parse.SegmentParser;
import org.trawler.simweb.DocumentSamples;
import org.trawler.simweb.PageSamples;
import org.trawler.simweb.SiteProfile;

/**
 * {@code bench --parse-filters N}: simweb pages of a profile parsed per CPU second through the
 * crawl's parse (SegmentParser: detection, the HTML parser, outlinks, signature, records written
 * nowhere) with no parse filter, with the default chain (parsefilter.order), and with each of its
 * filters alone; the cost of a chain is its extra CPU over the parse without filters. The chains
 * take turns pass by pass, each pass starting one chain later than the one before, so that neither
 * the machine's load nor the place in the order favours one (the first chain of a fixed order ran
 * up to 10 % cheaper: filters that do nothing on a page measured +8 to +14 %); CPU is the parsing
 * thread's (no GC, no JIT).
 */
final class FilterBenchmark {
  /** One chain's figures. */
  record Figures(String chain, int pages, int passes, double pagesPerCpuSecond, double cost) {}

  private final Configuration conf;
  private final PrintStream out;

  FilterBenchmark(Configuration conf, PrintStream out) {
    this.conf = conf;
    this.out = out;
  }

  /** Parses {@code pages} pages of {@code profile} {@code passes} times with each chain. */
  List<Figures> run(SiteProfile profile, int pages, int passes) throws Exception {
    List<DocumentSamples.Sample> samples = PageSamples.of(profile, pages);
    long bytes = samples.stream().mapToLong(s -> s.bytes().length).sum();
    out.printf(
        "bench: %d %s pages, %.1f kB each on average%n",
        samples.size(),
        profile.name().toLowerCase(java.util.Locale.ROOT),
        bytes / 1024.0 / samples.size());
    Map<String, String> chains = new LinkedHashMap<>();
    chains.put("none", "");
    chains.put("default", conf.get(ParseKeys.FILTER_ORDER, ParseKeys.DEFAULT_FILTER_ORDER));
    for (String name :
        conf.getTrimmedStrings(ParseKeys.FILTER_ORDER, ParseKeys.DEFAULT_FILTER_ORDER)) {
      chains.put(name, name);
    }
    Map<String, SegmentParser> parsers = new LinkedHashMap<>();
    Map<String, Long> cpu = new LinkedHashMap<>();
    try {
      for (Map.Entry<String, String> c : chains.entrySet()) {
        Configuration chainConf = new Configuration(conf);
        chainConf.set(ParseKeys.FILTER_ORDER, c.getValue());
        chainConf.set(ParseKeys.TIMEOUT, "0");
        SegmentParser parser = new SegmentParser(chainConf);
        parsers.put(c.getKey(), parser);
        pass(parser, samples); // warm-up: JIT, the detector's profiles
        cpu.put(c.getKey(), 0L);
      }
      List<Map.Entry<String, SegmentParser>> order = new ArrayList<>(parsers.entrySet());
      for (int p = 0; p < passes; p++) {
        for (Map.Entry<String, SegmentParser> e : order) {
          long start = threadCpuNanos();
          pass(e.getValue(), samples);
          cpu.merge(e.getKey(), threadCpuNanos() - start, Long::sum);
        }
        Collections.rotate(order, -1);
      }
    } finally {
      for (SegmentParser parser : parsers.values()) {
        parser.close();
      }
    }
    List<Figures> figures = new ArrayList<>();
    long none = cpu.get("none");
    for (Map.Entry<String, Long> e : cpu.entrySet()) {
      double rate = samples.size() * (double) passes / (e.getValue() / 1e9);
      double cost = e.getKey().equals("none") ? 0 : (e.getValue() - none) / (double) none;
      Figures f = new Figures(e.getKey(), samples.size(), passes, rate, cost);
      figures.add(f);
      out.printf(
          "bench: filters %-10s %8.1f pages/CPU-s  cost %+6.1f %% of the parse%n",
          f.chain(), f.pagesPerCpuSecond(), f.cost() * 100);
    }
    return figures;
  }

  private static void pass(SegmentParser parser, List<DocumentSamples.Sample> samples)
      throws Exception {
    for (DocumentSamples.Sample s : samples) {
      Content content = new Content(s.url(), s.url(), s.bytes(), s.contentType(), false);
      content.getHeaders().put("Content-Type", s.contentType());
      parser.parse(new Text(s.url()), content, 0L, (k, v) -> {});
    }
  }

  /** Writes the figures as JSON. */
  static void writeJson(String profile, List<Figures> figures, long peakRss, Path file)
      throws IOException {
    List<Map<String, Object>> chains = new ArrayList<>();
    for (Figures f : figures) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("chain", f.chain());
      m.put("pages", f.pages());
      m.put("passes", f.passes());
      m.put("pagesPerCpuSecond", f.pagesPerCpuSecond());
      m.put("costOfParse", f.cost());
      chains.add(m);
    }
    BenchJson.write(file, "parse-filters", Map.of("profile", profile), "chains", chains, peakRss);
  }

  private static long threadCpuNanos() {
    return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }
}
