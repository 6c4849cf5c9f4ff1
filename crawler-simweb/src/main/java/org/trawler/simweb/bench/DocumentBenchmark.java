package org.trawler.simweb.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.sax.BodyContentHandler;
import org.trawler.simweb.DocumentSamples;
import org.trawler.simweb.SiteModel.DocType;

/**
 * {@code bench --profile docs}: documents parsed per CPU second, PDF and DOCX, through the crawl's
 * parser (detection, the configured parser, its bounds, outlinks, metadata) against Tika alone
 * (AutoDetectParser with a body handler) on the same bytes; the ratio is the parser's overhead over
 * the library it wraps. CPU is the process's (parse threads, GC and JIT included, the same for
 * both); each side runs its passes after both were warmed up, and its peak resident set is taken
 * over its own passes.
 */
final class DocumentBenchmark {

  /** One side's parse of the samples: returns true when a document's text came out. */
  interface DocumentParser extends AutoCloseable {
    boolean parse(DocumentSamples.Sample sample) throws Exception;

    @Override
    default void close() {}
  }

  /** Makes the crawl's parser for a configuration: what {@code bench} measures as "ours". */
  interface ParserFactory {
    DocumentParser create(Configuration conf) throws Exception;
  }

  /** The figures of one document type. */
  record Figures(
      String type,
      int documents,
      long bytes,
      int passes,
      int oursParsed,
      double oursPerCpuSecond,
      long oursPeakRss,
      int tikaParsed,
      double tikaPerCpuSecond,
      long tikaPeakRss) {

    /** Tika alone's rate over ours: 1.0 = no overhead. */
    double overhead() {
      return oursPerCpuSecond > 0 ? tikaPerCpuSecond / oursPerCpuSecond : Double.NaN;
    }
  }

  private final Configuration conf;
  private final ParserFactory ours;
  private final PrintStream out;

  DocumentBenchmark(Configuration conf, ParserFactory ours, PrintStream out) {
    this.conf = conf;
    this.ours = ours;
    this.out = out;
  }

  /** Measures PDF and DOCX, {@code documents} of each, {@code passes} times over. */
  List<Figures> run(int documents, int passes) throws Exception {
    List<Figures> all = new ArrayList<>();
    for (DocType type : List.of(DocType.PDF, DocType.DOCX)) {
      List<DocumentSamples.Sample> samples = DocumentSamples.of(type, documents, 1);
      long bytes = samples.stream().mapToLong(s -> s.bytes().length).sum();
      out.printf(
          "bench: %d %s documents, %.1f kB each on average%n",
          samples.size(), type, bytes / 1024.0 / samples.size());
      try (DocumentParser crawl = ours.create(conf);
          DocumentParser tika = new TikaAlone()) {
        pass(crawl, samples); // warm-up: JIT, Tika's and PDFBox's lazy set-up
        pass(tika, samples);
        Side a = side(crawl, samples, passes);
        Side b = side(tika, samples, passes);
        Figures f =
            new Figures(
                type.name(),
                samples.size(),
                bytes,
                passes,
                a.parsed,
                a.perCpuSecond,
                a.peakRss,
                b.parsed,
                b.perCpuSecond,
                b.peakRss);
        out.printf(
            "bench: %-4s ours %7.1f docs/CPU-s (%d/%d parsed, peak RSS %d MB);"
                + " Tika alone %7.1f docs/CPU-s (%d/%d, peak RSS %d MB); overhead %.2fx%n",
            f.type(),
            f.oursPerCpuSecond(),
            f.oursParsed(),
            f.documents(),
            mb(f.oursPeakRss()),
            f.tikaPerCpuSecond(),
            f.tikaParsed(),
            f.documents(),
            mb(f.tikaPeakRss()),
            f.overhead());
        all.add(f);
      }
    }
    return all;
  }

  /** Writes the figures as JSON. */
  static void writeJson(List<Figures> figures, long peakRss, Path file) throws IOException {
    List<Map<String, Object>> types = new ArrayList<>();
    for (Figures f : figures) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("type", f.type());
      m.put("documents", f.documents());
      m.put("bytes", f.bytes());
      m.put("passes", f.passes());
      m.put("oursParsed", f.oursParsed());
      m.put("oursDocsPerCpuSecond", f.oursPerCpuSecond());
      m.put("oursPeakRssBytes", f.oursPeakRss());
      m.put("tikaParsed", f.tikaParsed());
      m.put("tikaDocsPerCpuSecond", f.tikaPerCpuSecond());
      m.put("tikaPeakRssBytes", f.tikaPeakRss());
      m.put("overhead", f.overhead());
      types.add(m);
    }
    BenchJson.write(file, "docs", Map.of(), "types", types, peakRss);
  }

  private record Side(int parsed, double perCpuSecond, long peakRss) {}

  private static Side side(DocumentParser parser, List<DocumentSamples.Sample> samples, int passes)
      throws Exception {
    ResidentMemory.resetPeak();
    long cpu = processCpuNanos();
    int parsed = 0;
    for (int p = 0; p < passes; p++) {
      parsed = pass(parser, samples);
    }
    double seconds = (processCpuNanos() - cpu) / 1e9;
    return new Side(parsed, samples.size() * passes / seconds, ResidentMemory.peakBytes());
  }

  /** Parses every sample once; returns how many gave text. */
  private static int pass(DocumentParser parser, List<DocumentSamples.Sample> samples)
      throws Exception {
    int parsed = 0;
    for (DocumentSamples.Sample s : samples) {
      parsed += parser.parse(s) ? 1 : 0;
    }
    return parsed;
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static long mb(long bytes) {
    return bytes < 0 ? -1 : bytes / (1024 * 1024);
  }

  /** Tika alone: AutoDetectParser and a body handler without a limit, as its users call it. */
  static final class TikaAlone implements DocumentParser {
    private final AutoDetectParser parser = new AutoDetectParser();

    @Override
    public boolean parse(DocumentSamples.Sample sample) throws Exception {
      BodyContentHandler text = new BodyContentHandler(-1);
      Metadata metadata = new Metadata();
      parser.parse(new ByteArrayInputStream(sample.bytes()), text, metadata, new ParseContext());
      return !text.toString().isBlank();
    }
  }
}
