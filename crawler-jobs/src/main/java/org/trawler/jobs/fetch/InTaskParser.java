package org.trawler.jobs.fetch;

import java.io.Closeable;
import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParseResult;
import org.trawler.jobs.parse.ParseSegment;
import org.trawler.jobs.parse.SegmentParser;

/** fetcher.parse=true: parses each fetched page in the fetch task with the parse job's own code. */
final class InTaskParser implements FetchParseHook, Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(InTaskParser.class);

  private final SegmentParser parser;

  InTaskParser(Configuration conf) {
    this.parser = new SegmentParser(conf);
  }

  @Override
  public void parse(Text url, CrawlDatum fetchDatum, Content content, SegmentOutput out)
      throws IOException, InterruptedException {
    ParseResult result = parser.parse(url, content, System.currentTimeMillis(), (key, record) -> out.write(key, record.get()));
    out.count(ParseSegment.COUNTER_GROUP, ParseData.statusName(result.status()), 1);
    out.count(ParseSegment.COUNTER_GROUP, ParseSegment.OUTLINKS_COUNTER, result.outlinks().size());
    if (result.status() == ParseData.FAILED) {
      LOG.warn("cannot parse {}: {}", url, result.data().getStatusMessage());
    }
  }

  @Override
  public void close() {
    parser.close();
  }
}
