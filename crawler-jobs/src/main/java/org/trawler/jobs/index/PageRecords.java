package org.trawler.jobs.index;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.jobs.linkdb.InlinksMerge;

/**
 * What the index job knows of one URL: its crawldb entry, its inlinks, and the parts of the newest
 * segment that fetched it (fetch datum, content summary, parse data, parse text).
 */
public final class PageRecords {
  /** Meta key of a content summary: the length of the content in bytes, which it no longer has. */
  static final String CONTENT_LENGTH = "_index_length_";

  private final int maxInlinks;
  private CrawlDatum db;
  private Inlinks inlinks;
  private final List<IndexRecord> segmentParts = new ArrayList<>();

  /** Records with all the inlinks the linkdb's parts give. */
  public PageRecords() {
    this(-1);
  }

  /**
   * Records whose inlinks from several parts of the linkdb are merged as invertlinks merges them,
   * at most {@code maxInlinks} (negative = all).
   */
  public PageRecords(int maxInlinks) {
    this.maxInlinks = maxInlinks;
  }

  /** Takes one record; false when it is of a kind the index job does not use. */
  public boolean add(IndexRecord record) {
    Writable value = record.value();
    if (record.segment().isEmpty()) {
      if (value instanceof CrawlDatum d && d.getStatus().isDbStatus()) {
        db = new CrawlDatum(d);
        return true;
      }
      if (value instanceof Inlinks links) {
        // a URL has inlinks in each linkdb generation that holds links to it
        inlinks =
            inlinks == null ? copy(links) : InlinksMerge.merge(List.of(inlinks, links), maxInlinks);
        return true;
      }
      return false;
    }
    if (value instanceof CrawlDatum d && !d.getStatus().isFetchStatus()) {
      return false;
    }
    // Hadoop reuses the value objects of an iteration: keep copies
    segmentParts.add(new IndexRecord(record.segment(), copyOf(value)));
    return true;
  }

  private static Writable copyOf(Writable value) {
    if (value instanceof CrawlDatum d) {
      return new CrawlDatum(d);
    }
    if (value instanceof ParseText text) {
      return new ParseText(text.getText(), text.getMarkdown());
    }
    if (value instanceof ParseData parse) {
      return IndexJob.IndexMapper.withoutOutlinks(parse);
    }
    try {
      DataOutputBuffer out = new DataOutputBuffer();
      value.write(out);
      DataInputBuffer in = new DataInputBuffer();
      in.reset(out.getData(), out.getLength());
      Writable copy = value.getClass().getDeclaredConstructor().newInstance();
      copy.readFields(in);
      return copy;
    } catch (IOException | ReflectiveOperationException e) {
      throw new IllegalStateException("cannot copy a " + value.getClass().getSimpleName(), e);
    }
  }

  private static Inlinks copy(Inlinks links) {
    Inlinks c = new Inlinks();
    links.getInlinks().forEach(l -> c.add(l.getToUrl(), l.getAnchor()));
    return c;
  }

  /** The crawldb entry, or null. */
  public CrawlDatum db() {
    return db;
  }

  /** The inlinks from the linkdb, or null. */
  public Inlinks inlinks() {
    return inlinks;
  }

  /** The newest segment with a fetch datum for the URL, or null when none fetched it. */
  public String segment() {
    String newest = null;
    for (IndexRecord r : segmentParts) {
      if (r.value() instanceof CrawlDatum
          && (newest == null || name(r.segment()).compareTo(name(newest)) > 0)) {
        newest = r.segment();
      }
    }
    return newest;
  }

  /** The fetch datum of {@link #segment()}, or null. */
  public CrawlDatum fetch() {
    return part(CrawlDatum.class);
  }

  /** The content summary (type and length, no body) of {@link #segment()}, or null. */
  public Content content() {
    return part(Content.class);
  }

  public ParseData parseData() {
    return part(ParseData.class);
  }

  public ParseText parseText() {
    return part(ParseText.class);
  }

  private <T> T part(Class<T> type) {
    String segment = segment();
    for (IndexRecord r : segmentParts) {
      if (r.segment().equals(segment) && type.isInstance(r.value())) {
        return type.cast(r.value());
      }
    }
    return null;
  }

  /** A segment's name: the last part of its path (yyyyMMddHHmmss, so newer sorts later). */
  private static String name(String segment) {
    return segment.substring(segment.lastIndexOf('/') + 1);
  }
}
