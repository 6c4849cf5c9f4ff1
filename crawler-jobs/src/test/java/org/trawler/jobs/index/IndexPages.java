package org.trawler.jobs.index;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;

/** The records of one page as the index job sees them, for the index tests. */
final class IndexPages {
  static final String URL = "http://www.example.co.uk/a.html";
  static final String SEGMENT = "/crawl/segments/20240102000000";
  static final String OLDER_SEGMENT = "/crawl/segments/20240101000000";
  static final long FETCH_TIME = 1_700_000_000_000L;

  private IndexPages() {}

  static Configuration conf() {
    Configuration conf = CrawlerConfiguration.create();
    conf.setBoolean(IndexerKeys.DELETE, true);
    return conf;
  }

  static CrawlDatum db(CrawlStatus status) {
    CrawlDatum d = new CrawlDatum(status, 86400, 0.5f);
    d.setSignature(new byte[] {1, 2, 3});
    d.setModifiedTime(FETCH_TIME - 1000);
    d.setDepth(2);
    return d;
  }

  static CrawlDatum fetch(CrawlStatus status) {
    CrawlDatum d = new CrawlDatum(status, 86400, 0.5f);
    d.setFetchTime(FETCH_TIME);
    return d;
  }

  static ParseData parseData(String title) {
    ParseData p = new ParseData(ParseData.SUCCESS, "", title);
    p.getMeta().put("description", "A page about quokkas");
    p.getMeta().put("keywords", "quokka, marsupial");
    return p;
  }

  static ParseData noIndex() {
    ParseData p = parseData("Hidden");
    p.getMeta().put("robots", "noindex,follow");
    return p;
  }

  static Content content() {
    Content c = new Content(URL, "", new byte[1234], "text/html; charset=UTF-8", false);
    return IndexJob.IndexMapper.summary(c);
  }

  static Inlinks inlinks(String... anchors) {
    Inlinks links = new Inlinks();
    int i = 0;
    for (String a : anchors) {
      links.add("http://other.example/" + (i++), a);
    }
    return links;
  }

  /** A page fetched and parsed in {@link #SEGMENT}, known to the crawldb with {@code dbStatus}. */
  static PageRecords page(CrawlStatus dbStatus, CrawlStatus fetchStatus) {
    PageRecords page = new PageRecords();
    page.add(new IndexRecord("", db(dbStatus)));
    page.add(new IndexRecord(SEGMENT, fetch(fetchStatus)));
    page.add(new IndexRecord(SEGMENT, content()));
    page.add(new IndexRecord(SEGMENT, parseData("Quokkas")));
    page.add(new IndexRecord(SEGMENT, new ParseText("Quokkas live on Rottnest Island.")));
    return page;
  }
}
