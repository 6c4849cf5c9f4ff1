package org.trawler.simweb.bench;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParseResult;
import org.trawler.jobs.parse.SegmentParser;
import org.trawler.simweb.DocumentSamples;

/**
 * The crawl's parse of one fetched document, as the parse job and the fetcher do it (type
 * detection, the configured parser, outlinks, signature, the segment's records), writing nowhere.
 */
final class CrawlParser implements DocumentBenchmark.DocumentParser {
  private final SegmentParser parser;

  CrawlParser(Configuration conf) {
    this.parser = new SegmentParser(conf);
  }

  @Override
  public boolean parse(DocumentSamples.Sample sample) throws Exception {
    Content content =
        new Content(sample.url(), sample.url(), sample.bytes(), sample.contentType(), false);
    content.getHeaders().put("Content-Type", sample.contentType());
    ParseResult result =
        parser.parse(new Text(sample.url()), content, System.currentTimeMillis(), (k, v) -> {});
    return result.status() == ParseData.SUCCESS && !result.text().getText().isBlank();
  }

  @Override
  public void close() {
    try {
      parser.close();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
