package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.trawler.core.datum.Content;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.ParseFilters;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.filter.FilterKeys;

/**
 * {@code bench --main-content DIR}: how close main-content mode comes to the main text people
 * chose, on a corpus of real pages the user has (none ships with Trawler: real pages are not ours
 * to copy). DIR holds one directory per page with {@code source.html}, the page as served, and
 * {@code expected.html} or {@code expected.txt}, its main content (the layout of Mozilla
 * Readability's test pages), both in UTF-8. Each page is parsed by the crawl's HTML parser and the
 * content filter alone; its text is compared with the expected text as bags of words (lower case,
 * letters and digits): precision, recall and F1 per page, their means, and the F1 of all words
 * together. <em>Chrome words</em> are the words of the page's nav, footer, header and aside
 * elements (by tag or ARIA role) that the expected text does not have; how many of them reach the
 * main content says how much navigation and footer leaks in.
 */
final class MainContentBenchmark {
  /** One page's figures. */
  record Figures(
      String page, int expected, int found, int common, int chromeWords, int chromeLeaked) {
    double precision() {
      return found == 0 ? (expected == 0 ? 1 : 0) : common / (double) found;
    }

    double recall() {
      return expected == 0 ? 1 : common / (double) expected;
    }

    double f1() {
      double p = precision();
      double r = recall();
      return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }
  }

  /** Elements whose words, when the expected text lacks them, are navigation and footer. */
  private static final String CHROME =
      "nav, footer, header, aside, [role=navigation], [role=contentinfo], [role=banner],"
          + " [role=complementary]";

  /**
   * The pages' type as a server would send it: corpora store their pages in UTF-8 (Readability's
   * does, whatever charset a page's own meta tag names), as the expected text is read.
   */
  private static final String TYPE = "text/html; charset=utf-8";

  private final Configuration conf;
  private final PrintStream out;

  MainContentBenchmark(Configuration conf, PrintStream out) {
    this.conf = new Configuration(conf);
    this.conf.set(ParseKeys.FILTER_ORDER, "content");
    this.conf.set(FilterKeys.CONTENT, FilterKeys.CONTENT_MAIN_VALUE);
    this.conf.set(ParseKeys.TIMEOUT, "0");
    this.out = out;
  }

  /** The corpus's page directories, in name order; empty when DIR holds none. */
  static List<Path> pages(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> Files.isRegularFile(p.resolve("source.html")))
          .filter(p -> expectedFile(p) != null)
          .sorted()
          .toList();
    }
  }

  private static Path expectedFile(Path page) {
    for (String name : new String[] {"expected.txt", "expected.html"}) {
      if (Files.isRegularFile(page.resolve(name))) {
        return page.resolve(name);
      }
    }
    return null;
  }

  /** Measures every page of {@code pages}, printing a line for each and the totals. */
  List<Figures> run(List<Path> pages) throws IOException {
    List<Figures> figures = new ArrayList<>();
    try (HtmlParser parser = new HtmlParser(conf);
        ParseFilters filters = new ParseFilters(conf)) {
      for (Path page : pages) {
        byte[] source = Files.readAllBytes(page.resolve("source.html"));
        String url = "https://" + page.getFileName() + ".example/";
        Content content = new Content(url, url, source, TYPE, false);
        content.getHeaders().put("Content-Type", TYPE);
        ParseResult r = filters.filter(content, "text/html", parser.parse(content, "text/html"));
        String found = r.text() == null ? "" : r.text().getText();
        Figures f = compare(page.getFileName().toString(), source, expectedText(page), found);
        figures.add(f);
        out.printf(
            Locale.ROOT,
            "bench: main-content %-40s P %.2f  R %.2f  F1 %.2f  chrome leaked %d/%d%n",
            f.page(),
            f.precision(),
            f.recall(),
            f.f1(),
            f.chromeLeaked(),
            f.chromeWords());
      }
    }
    Totals t = totals(figures);
    out.printf(
        Locale.ROOT,
        "bench: main-content %d pages: mean P %.3f  R %.3f  F1 %.3f; all words P %.3f  R %.3f"
            + "  F1 %.3f; F1 < 0.5 on %d pages; chrome words leaked %.1f %% (%d pages leak 10+)%n",
        figures.size(),
        t.meanPrecision(),
        t.meanRecall(),
        t.meanF1(),
        t.precision(),
        t.recall(),
        t.f1(),
        t.poor(),
        t.chromeLeakedShare() * 100,
        t.leakingPages());
    return figures;
  }

  private static String expectedText(Path page) throws IOException {
    Path file = expectedFile(page);
    String s = Files.readString(file, StandardCharsets.UTF_8);
    return file.getFileName().toString().endsWith(".txt") ? s : Jsoup.parse(s).text();
  }

  /** One page's figures: {@code found} against {@code expected}, chrome words from the source. */
  static Figures compare(String name, byte[] source, String expected, String found) {
    Map<String, Integer> want = bag(expected);
    Map<String, Integer> got = bag(found);
    int common = 0;
    for (Map.Entry<String, Integer> e : got.entrySet()) {
      common += Math.min(e.getValue(), want.getOrDefault(e.getKey(), 0));
    }
    Document doc = Jsoup.parse(new String(source, StandardCharsets.UTF_8));
    Set<String> chrome = new HashSet<>();
    for (Element e : doc.select(CHROME)) {
      chrome.addAll(bag(e.text()).keySet());
    }
    chrome.removeAll(want.keySet());
    int leaked = 0;
    for (String w : chrome) {
      if (got.containsKey(w)) {
        leaked++;
      }
    }
    return new Figures(name, size(want), size(got), common, chrome.size(), leaked);
  }

  /** The words of {@code text}, lower case, with their counts. */
  static Map<String, Integer> bag(String text) {
    Map<String, Integer> bag = new HashMap<>();
    for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (!w.isEmpty()) {
        bag.merge(w, 1, Integer::sum);
      }
    }
    return bag;
  }

  private static int size(Map<String, Integer> bag) {
    return bag.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** The corpus's figures. */
  record Totals(
      double meanPrecision,
      double meanRecall,
      double meanF1,
      double precision,
      double recall,
      double f1,
      int poor,
      double chromeLeakedShare,
      int leakingPages) {}

  static Totals totals(List<Figures> figures) {
    int n = Math.max(1, figures.size());
    double p = 0;
    double r = 0;
    double f = 0;
    long expected = 0;
    long found = 0;
    long common = 0;
    long chrome = 0;
    long leaked = 0;
    int poor = 0;
    int leaking = 0;
    for (Figures x : figures) {
      p += x.precision();
      r += x.recall();
      f += x.f1();
      expected += x.expected();
      found += x.found();
      common += x.common();
      chrome += x.chromeWords();
      leaked += x.chromeLeaked();
      poor += x.f1() < 0.5 ? 1 : 0;
      leaking += x.chromeLeaked() >= 10 ? 1 : 0;
    }
    double ap = found == 0 ? 0 : common / (double) found;
    double ar = expected == 0 ? 0 : common / (double) expected;
    return new Totals(
        p / n,
        r / n,
        f / n,
        ap,
        ar,
        ap + ar == 0 ? 0 : 2 * ap * ar / (ap + ar),
        poor,
        chrome == 0 ? 0 : leaked / (double) chrome,
        leaking);
  }

  /** Writes the figures as JSON. */
  static void writeJson(Path corpus, List<Figures> figures, long peakRss, Path file)
      throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Figures f : figures) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("page", f.page());
      m.put("expectedWords", f.expected());
      m.put("foundWords", f.found());
      m.put("commonWords", f.common());
      m.put("precision", f.precision());
      m.put("recall", f.recall());
      m.put("f1", f.f1());
      m.put("chromeWords", f.chromeWords());
      m.put("chromeLeaked", f.chromeLeaked());
      rows.add(m);
    }
    Totals t = totals(figures);
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("corpus", corpus.toString());
    settings.put("meanPrecision", t.meanPrecision());
    settings.put("meanRecall", t.meanRecall());
    settings.put("meanF1", t.meanF1());
    settings.put("wordsF1", t.f1());
    settings.put("pagesBelowHalfF1", t.poor());
    settings.put("chromeLeakedShare", t.chromeLeakedShare());
    BenchJson.write(file, "main-content", settings, "pages", rows, peakRss);
  }
}
