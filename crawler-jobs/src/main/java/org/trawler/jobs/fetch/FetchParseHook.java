package org.trawler.jobs.fetch;

import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;

/**
 * Parsing inside the fetch task (fetcher.parse=true): every successful fetch's content is handed
 * here once, after its fetch datum and content were written. Called from many fetcher threads at
 * once; a RuntimeException is counted and logged with the URL, not fatal.
 */
public interface FetchParseHook extends Closeable {
  /**
   * Parses {@code content} of {@code url} and writes what parse produces to {@code out}: records of
   * a type FetcherOutputFormat has a part for, keyed by the URL they belong to.
   */
  void parse(Text url, CrawlDatum fetchDatum, Content content, SegmentOutput out)
      throws IOException, InterruptedException;

  /** Releases what the hook holds; called once, when the task's fetching has ended. */
  @Override
  default void close() throws IOException {}
}
