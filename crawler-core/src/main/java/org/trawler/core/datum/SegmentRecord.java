package org.trawler.core.datum;

import org.apache.hadoop.io.GenericWritable;
import org.apache.hadoop.io.Writable;

/**
 * Any of the records a job shuffles between segment and crawldb parts (CrawlDatum, Content,
 * ParseData, ParseText, Inlinks, HttpTranscript, RobotsTxt, HostDatum), tagged with its type: the
 * value class of jobs that mix them.
 */
public class SegmentRecord extends GenericWritable {
  @SuppressWarnings("unchecked")
  private static final Class<? extends Writable>[] TYPES =
      new Class[] {
        CrawlDatum.class,
        Content.class,
        ParseData.class,
        ParseText.class,
        Inlinks.class,
        HttpTranscript.class,
        RobotsTxt.class,
        HostDatum
            .class // a soft-404 probe's answer (crawl_soft404); last, so the others keep theirs
      };

  public SegmentRecord() {}

  public SegmentRecord(Writable instance) {
    set(instance);
  }

  @Override
  protected Class<? extends Writable>[] getTypes() {
    return TYPES;
  }
}
