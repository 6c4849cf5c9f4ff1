package org.trawler.jobs.fetch;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.parse.ParseResult;
import org.trawler.jobs.CounterSink;
import org.trawler.jobs.hostdb.HostKnowledge;
import org.trawler.jobs.parse.ParseMarkers;
import org.trawler.jobs.parse.SegmentParser;

/** fetcher.parse=true: parses each fetched page in the fetch task with the parse job's own code. */
final class InTaskParser implements FetchParseHook {
  private final SegmentParser parser;
  private final CounterSink counts;

  InTaskParser(Configuration conf, ParseMarkers markers, CounterSink counts, HostKnowledge known) {
    this.parser = new SegmentParser(conf, markers, known);
    this.counts = counts;
  }

  @Override
  public void parse(Text url, CrawlDatum fetchDatum, Content content, SegmentOutput out)
      throws IOException, InterruptedException {
    ParseResult result =
        parser.parse(
            url,
            content,
            System.currentTimeMillis(),
            (key, record) -> out.write(key, record.get()));
    SegmentParser.report(url, result, out);
  }

  @Override
  public void close() throws IOException {
    parser.countAbandoned(counts);
    parser.close();
  }
}
