package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.trawler.core.store.Segment;
import org.trawler.jobs.warc.UrlIndex;
import org.trawler.jobs.warc.WarcExport;
import org.trawler.jobs.warc.WarcKeys;

/**
 * {@code bench --datasets CRAWL}: what the datasets cost per page on a crawl already made (a
 * bench's {@code --dir}, or any crawl directory with {@code crawldb} and {@code segments}). Three
 * jobs over all its segments, each measured alone: the WARC files with their CDXJ (the archive a
 * crawl keeps anyway), the same again with WAT, WET and Markdown beside them (so the datasets' own
 * cost is the difference of the two), and the Parquet URL index over the second. Figures per 100
 * 000 exported pages, and each file kind's bytes per page and against the WARC's.
 */
final class DatasetBenchmark {
  /** What the figures are counted per. */
  static final int PER_PAGES = 100_000;

  private static final Map<String, String> KINDS = kinds();

  /** The export step's result: the pages it wrote. */
  private static final String EXPORTED_PAGES = "exportedPages";

  private final Configuration conf;
  private final PhaseMeter meter;
  private final PrintStream out;

  DatasetBenchmark(Configuration conf, PhaseMeter meter, PrintStream out) {
    this.conf = new Configuration(conf);
    this.meter = meter;
    this.out = out;
  }

  /** One job's cost over {@code pages} exported pages. */
  record Figures(String job, long pages, double seconds, double cpuSeconds) {
    double cpuPer100k() {
      return pages == 0 ? 0 : cpuSeconds * PER_PAGES / pages;
    }

    double secondsPer100k() {
      return pages == 0 ? 0 : seconds * PER_PAGES / pages;
    }
  }

  /** The jobs' figures and the bytes of each kind of file written, by kind. */
  record Report(List<Figures> jobs, Map<String, Long> bytes, long pages) {
    double bytesPerPage(String kind) {
      return pages == 0 ? 0 : (double) bytes.getOrDefault(kind, 0L) / pages;
    }

    double ofWarc(String kind) {
      long warc = bytes.getOrDefault("warc", 0L);
      return warc == 0 ? 0 : (double) bytes.getOrDefault(kind, 0L) / warc;
    }
  }

  Report run(Path crawl, Path work) throws Exception {
    List<Path> segments =
        Segment.withPart(conf, new Path(crawl, "segments"), Segment.CRAWL_FETCH, "fetched");
    Path archiveOnly = new Path(work, "warc-cdx");
    Path datasets = new Path(work, "warc-datasets");
    List<Figures> jobs = new ArrayList<>();
    jobs.add(exportJob("warc -cdx", archiveOnly, segments, false));
    Figures withDatasets = exportJob("warc -cdx -wat -wet -markdown", datasets, segments, true);
    jobs.add(withDatasets);
    long pages = withDatasets.pages();
    PhaseMeter.Sample index =
        meter.measure(
            0,
            "urlindex",
            () -> {
              UrlIndex tool = new UrlIndex();
              tool.setConf(new Configuration(conf));
              Path crawlDb = new Path(crawl, "crawldb");
              UrlIndex.Result r =
                  tool.index(new Path(work, "urlindex"), segments, datasets, crawlDb);
              out.println("bench: " + r.summary(new Path(work, "urlindex")));
              return Map.of();
            });
    jobs.add(new Figures("urlindex", pages, index.seconds(), index.cpuSeconds()));
    Map<String, Long> bytes = bytesByKind(Paths.get(datasets.toString()));
    bytes.put("parquet", bytesByKind(Paths.get(work.toString(), "urlindex")).get("parquet"));
    return new Report(jobs, bytes, pages);
  }

  /** The export of {@code segments} into {@code dir}, with the datasets or without: its figures. */
  private Figures exportJob(String name, Path dir, List<Path> segments, boolean datasets)
      throws Exception {
    PhaseMeter.Sample s =
        meter.measure(
            0,
            name,
            () -> {
              Configuration c = new Configuration(conf);
              c.setBoolean(WarcKeys.CDX, true);
              c.setBoolean(WarcKeys.WAT, datasets);
              c.setBoolean(WarcKeys.WET, datasets);
              c.setBoolean(WarcKeys.MARKDOWN, datasets);
              WarcExport tool = new WarcExport();
              tool.setConf(c);
              WarcExport.Result r = tool.export(dir, segments);
              out.println("bench: " + r.summary(dir));
              return Map.of(EXPORTED_PAGES, r.urls());
            });
    return new Figures(name, s.result(EXPORTED_PAGES), s.seconds(), s.cpuSeconds());
  }

  /** File name endings → kind; the longest ending is tried first. */
  private static Map<String, String> kinds() {
    Map<String, String> kinds = new LinkedHashMap<>();
    kinds.put(".warc.wat.gz", "wat");
    kinds.put(".warc.wet.gz", "wet");
    kinds.put(".warc.md.gz", "markdown");
    kinds.put(".cdxj", "cdxj");
    kinds.put(".parquet", "parquet");
    kinds.put(".warc.gz", "warc");
    return kinds;
  }

  /** Bytes of each kind of file under {@code dir}, every kind present (0 when none). */
  static Map<String, Long> bytesByKind(java.nio.file.Path dir) throws IOException {
    Map<String, Long> bytes = new LinkedHashMap<>();
    KINDS.values().forEach(k -> bytes.put(k, 0L));
    try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
      for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
        String kind = kindOf(f.getFileName().toString());
        if (kind != null && Files.isRegularFile(f)) {
          bytes.merge(kind, Files.size(f), Long::sum);
        }
      }
    }
    return bytes;
  }

  /** The kind of a dataset file by its name, or null for any other file. */
  static String kindOf(String name) {
    for (Map.Entry<String, String> e : KINDS.entrySet()) {
      if (name.endsWith(e.getKey())) {
        return e.getValue();
      }
    }
    return null;
  }

  void print(Report report) {
    out.printf(
        "bench: datasets of %,d exported pages, per %,d pages:%n", report.pages(), PER_PAGES);
    out.printf("  %-32s %10s %10s%n", "job", "CPU s", "wall s");
    for (Figures f : report.jobs()) {
      out.printf("  %-32s %10.1f %10.1f%n", f.job(), f.cpuPer100k(), f.secondsPer100k());
    }
    out.printf("  %-10s %14s %10s%n", "file", "bytes/page", "of WARC");
    for (String kind : report.bytes().keySet()) {
      out.printf("  %-10s %14.0f %10.3f%n", kind, report.bytesPerPage(kind), report.ofWarc(kind));
    }
  }

  static void writeJson(Report report, long peakRss, java.nio.file.Path json) throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Figures f : report.jobs()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("job", f.job());
      row.put("pages", f.pages());
      row.put("seconds", f.seconds());
      row.put("cpuSeconds", f.cpuSeconds());
      row.put("cpuSecondsPer100kPages", f.cpuPer100k());
      row.put("secondsPer100kPages", f.secondsPer100k());
      rows.add(row);
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("pages", report.pages());
    fields.put("bytes", report.bytes());
    BenchJson.write(json, "datasets", fields, "jobs", rows, peakRss);
  }
}
