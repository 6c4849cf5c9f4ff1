package org.trawler.jobs.rank;

import org.apache.hadoop.io.GenericWritable;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.CrawlDatum;

/**
 * A URL's crawldb entry or its rank, side by side in the job that writes ranks into the crawldb.
 */
public class RankJoin extends GenericWritable {
  @SuppressWarnings("unchecked")
  private static final Class<? extends Writable>[] TYPES =
      new Class[] {CrawlDatum.class, RankRecord.class};

  public RankJoin() {}

  public RankJoin(Writable value) {
    set(value);
  }

  @Override
  protected Class<? extends Writable>[] getTypes() {
    return TYPES;
  }
}
