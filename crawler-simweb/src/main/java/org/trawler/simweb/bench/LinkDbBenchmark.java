package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.JobCounter;
import org.trawler.jobs.linkdb.LinkDb;
import org.trawler.jobs.linkdb.LinkDbKeys;

/**
 * {@code bench --linkdb-urls N [--rounds R]}: writes a linkdb of N URLs (a few inlinks each, sorted
 * MapFile parts) and R parsed segments of {@value #PAGES} pages × {@value #LINKS} links, then
 * inverts the segments one per round into two copies of it: merging every time
 * (linkdb.generations.max = 0, each round rewrites the whole linkdb) and with the default
 * generations.
 */
final class LinkDbBenchmark {
  static final int PAGES = 1000;
  static final int LINKS = 30;
  private static final int INLINKS_PER_URL = 3;
  static final String MERGE_ALWAYS = "merge-always";
  static final String GENERATIONS = "generations";
  private static final String GENERATIONS_KEY = JobCounter.resultKey("linkdb", "generations");

  private final Configuration conf;
  private final PhaseMeter meter;
  private final PrintStream out;

  LinkDbBenchmark(Configuration conf, PhaseMeter meter, PrintStream out) {
    this.conf = new Configuration(conf);
    this.meter = meter;
    this.out = out;
  }

  Report run(Path dir, long urls, int rounds) throws Exception {
    int parts = CrawlDbBenchmark.parts(urls, 1);
    Report report = new Report(urls, parts, rounds);
    out.printf(
        "bench: writing a linkdb of %d URLs in %d parts (twice) and %d segments of %d pages x %d"
            + " links%n",
        urls, parts, rounds, PAGES, LINKS);
    Path mergedEveryTime = new Path(dir, "linkdb-" + MERGE_ALWAYS);
    Path generational = new Path(dir, "linkdb-" + GENERATIONS);
    List<Path> segments = new ArrayList<>();
    report.samples.add(
        meter.measure(
            0,
            "synthesize",
            () -> {
              writeLinkDb(VersionedDb.current(mergedEveryTime), urls, parts);
              writeLinkDb(VersionedDb.current(generational), urls, parts);
              for (int r = 0; r < rounds; r++) {
                Path segment = new Path(dir, String.format("segments/2000010100%04d", r));
                writeSegment(segment, urls, r);
                segments.add(segment);
              }
              return Map.of(BenchCommand.MAP_INPUT, urls);
            }));
    report.bytesBefore = bytes(generational);
    Configuration always = new Configuration(conf);
    always.setInt(LinkDbKeys.MAX_GENERATIONS, 0);
    for (int r = 0; r < rounds; r++) {
      report.samples.add(invert(always, r + 1, MERGE_ALWAYS, mergedEveryTime, segments.get(r)));
      report.samples.add(invert(conf, r + 1, GENERATIONS, generational, segments.get(r)));
    }
    report.bytesAfter = bytes(generational);
    return report;
  }

  private PhaseMeter.Sample invert(
      Configuration settings, int round, String phase, Path linkDb, Path segment) throws Exception {
    return meter.measure(
        round,
        phase,
        () -> {
          LinkDb tool = new LinkDb();
          tool.setConf(new Configuration(settings));
          LinkDb.Result result = tool.invert(linkDb, List.of(segment), false);
          Map<String, Long> results = new HashMap<>(tool.results());
          results.put(GENERATIONS_KEY, (long) result.generations());
          return results;
        });
  }

  private long bytes(Path p) throws IOException {
    return CrawlDbBenchmark.bytes(conf, p);
  }

  /** URL i has inlinks from {@value #INLINKS_PER_URL} pages spread over the linkdb. */
  private void writeLinkDb(Path current, long urls, int parts) throws IOException {
    Text key = new Text();
    long perPart = (urls + parts - 1) / parts;
    for (int p = 0; p < parts; p++) {
      try (MapFile.Writer w =
          mapFile(new Path(current, String.format("part-r-%05d", p)), Inlinks.class)) {
        for (long i = p * perPart; i < Math.min(urls, (p + 1) * perPart); i++) {
          Inlinks inlinks = new Inlinks();
          for (int k = 1; k <= INLINKS_PER_URL; k++) {
            long from = (i * 7 + k * 104_729L) % urls;
            inlinks.add(CrawlDbBenchmark.url(from), "anchor " + k + " to page " + i);
          }
          key.set(CrawlDbBenchmark.url(i));
          w.append(key, inlinks);
        }
      }
    }
  }

  /**
   * Round r's parse_data: {@value #PAGES} pages of the linkdb, each with {@value #LINKS} links,
   * most to known URLs, a tenth to new ones.
   */
  private void writeSegment(Path segment, long urls, int round) throws IOException {
    Random random = new Random(round);
    Map<String, ParseData> pages = new java.util.TreeMap<>();
    for (int j = 0; j < PAGES; j++) {
      long from = Math.floorMod(random.nextLong(), urls);
      ParseData data = new ParseData(ParseData.SUCCESS, "", "page " + from);
      for (int k = 0; k < LINKS; k++) {
        long target = Math.floorMod(random.nextLong(), urls + urls / 10);
        data.getOutlinks().add(new Outlink(CrawlDbBenchmark.url(target), "link " + k));
      }
      pages.put(CrawlDbBenchmark.url(from), data);
    }
    Text key = new Text();
    try (MapFile.Writer w =
        mapFile(new Path(segment, Segment.PARSE_DATA + "/part-r-00000"), ParseData.class)) {
      for (Map.Entry<String, ParseData> page : pages.entrySet()) {
        key.set(page.getKey());
        w.append(key, page.getValue());
      }
    }
  }

  private MapFile.Writer mapFile(Path dir, Class<? extends Writable> valueClass)
      throws IOException {
    return CrawlDbBenchmark.mapFile(conf, dir, valueClass);
  }

  /** Figures of the linkdb benchmark. */
  static final class Report implements BenchCommand.Report {
    private final long urls;
    private final int parts;
    private final int rounds;
    private final List<PhaseMeter.Sample> samples = new ArrayList<>();
    private long bytesBefore;
    private long bytesAfter;
    private long peakRssBytes = -1;

    Report(long urls, int parts, int rounds) {
      this.urls = urls;
      this.parts = parts;
      this.rounds = rounds;
    }

    @Override
    public void peakRss(long bytes) {
      peakRssBytes = bytes;
    }

    /** The samples of one way of inverting, by round. */
    List<PhaseMeter.Sample> of(String phase) {
      return samples.stream().filter(s -> s.phase().equals(phase)).toList();
    }

    @Override
    public void print(PrintStream out) {
      out.printf(
          "%nlinkdb: %d URLs in %d parts, %.1f MB on disk; %d rounds of %d pages x %d links;"
              + " with generations %.1f MB after%n",
          urls, parts, bytesBefore / 1048576.0, rounds, PAGES, LINKS, bytesAfter / 1048576.0);
      BenchReport.printTable(out, samples);
      for (String phase : List.of(MERGE_ALWAYS, GENERATIONS)) {
        List<PhaseMeter.Sample> s = of(phase);
        out.printf(
            "%s: round 1 %.2f s (%.2f cpu s), rounds 2-%d mean %.2f s (%.2f cpu s), max %.2f s;"
                + " %d generations at the end%n",
            phase,
            s.get(0).seconds(),
            s.get(0).cpuSeconds(),
            rounds,
            mean(s, PhaseMeter.Sample::seconds),
            mean(s, PhaseMeter.Sample::cpuSeconds),
            s.stream().mapToDouble(PhaseMeter.Sample::seconds).max().orElse(0),
            s.get(s.size() - 1).result(GENERATIONS_KEY));
      }
      BenchReport.printPeakRss(out, peakRssBytes);
    }

    /** The mean over the rounds after the first (all of them when there is one). */
    private static double mean(
        List<PhaseMeter.Sample> s, java.util.function.ToDoubleFunction<PhaseMeter.Sample> f) {
      List<PhaseMeter.Sample> later = s.size() > 1 ? s.subList(1, s.size()) : s;
      return later.stream().mapToDouble(f).average().orElse(0);
    }

    @Override
    public void writeJson(JsonOutput j) throws IOException {
      j.beginObject()
          .name("linkDbUrls")
          .value(urls)
          .name("parts")
          .value(parts)
          .name("rounds")
          .value(rounds)
          .name("pagesPerRound")
          .value(PAGES)
          .name("linksPerPage")
          .value(LINKS)
          .name("bytesOnDisk")
          .value(bytesBefore)
          .name("bytesOnDiskAfter")
          .value(bytesAfter);
      BenchReport.machine(j);
      j.name("phases");
      BenchReport.writeSamples(j, samples);
      j.name("peakRssMB").value(BenchReport.peakRssMB(peakRssBytes));
      j.endObject();
    }
  }
}
