package org.trawler.jobs.warc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.ParseData;

/** Pairs one URL's segment records into its captures, one per segment, oldest fetch first. */
final class Captures {
  private Captures() {}

  /** The captures of {@code url} from its records (each tagged with its segment). */
  static List<Capture> assemble(String url, Iterable<SegmentValue> values) {
    Map<String, Writable[]> bySegment = new LinkedHashMap<>();
    for (SegmentValue v : values) {
      Writable[] parts = bySegment.computeIfAbsent(v.segment(), s -> new Writable[4]);
      Writable r = v.record(); // a new object per value: GenericWritable makes one per read
      if (r instanceof CrawlDatum) {
        parts[0] = r;
      } else if (r instanceof Content) {
        parts[1] = r;
      } else if (r instanceof HttpTranscript) {
        parts[2] = r;
      } else if (r instanceof ParseData) {
        parts[3] = r;
      }
    }
    List<Capture> captures = new ArrayList<>();
    for (Writable[] p : bySegment.values()) {
      captures.add(
          new Capture(
              url, (CrawlDatum) p[0], (Content) p[1], (HttpTranscript) p[2], (ParseData) p[3]));
    }
    captures.sort(Comparator.comparingLong(Capture::fetchTime));
    return captures;
  }
}
