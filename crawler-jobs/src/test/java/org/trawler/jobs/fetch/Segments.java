package org.trawler.jobs.fetch;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;

/** Segments for fetch tests: a local-mode configuration, fetch lists written, results read back. */
final class Segments {

  private Segments() {}

  /** Local mode, local file system, Hadoop's scratch space under {@code tmp}. */
  static Configuration localConf(File tmp) {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    conf.set("hadoop.tmp.dir", new File(tmp, "hadoop").getAbsolutePath());
    conf.set(FetcherKeys.PROGRESS_INTERVAL, "1");
    conf.set("mapreduce.client.completion.pollinterval", "100"); // the job client's default is 5 s
    return conf;
  }

  /** A generate datum as the generator writes it: unfetched, score 2.5, depth 1. */
  static CrawlDatum generated() {
    CrawlDatum datum = new CrawlDatum(CrawlStatus.DB_UNFETCHED, 2592000, 2.5f);
    datum.setFetchTime(System.currentTimeMillis());
    datum.setDepth(1);
    return datum;
  }

  /** Writes one fetch list file {@code crawl_generate/<name>} with the URLs in order. */
  static void writeFetchList(Configuration conf, Path segment, String name, List<String> urls)
      throws IOException {
    Path file = new Path(new Path(segment, Segment.CRAWL_GENERATE), name);
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(file),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class))) {
      for (String url : urls) {
        w.append(new Text(url), generated());
      }
    }
  }

  /** crawl_fetch by URL. */
  static Map<String, CrawlDatum> readFetch(Configuration conf, Path segment)
      throws IOException, UserException {
    Map<String, CrawlDatum> fetched = new TreeMap<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.CRAWL_FETCH),
        new Text(),
        new CrawlDatum(),
        (k, v) -> fetched.put(k.toString(), new CrawlDatum(v)));
    return fetched;
  }

  /** content by URL. */
  static Map<String, Content> readContent(Configuration conf, Path segment)
      throws IOException, UserException {
    Map<String, Content> contents = new TreeMap<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.CONTENT),
        new Text(),
        new Content(),
        (k, v) -> contents.put(k.toString(), copy(v)));
    return contents;
  }

  private static Content copy(Content c) {
    Content copy =
        new Content(
            c.getUrl(),
            c.getFinalUrl(),
            c.getContent().clone(),
            c.getContentType(),
            c.isTruncated());
    copy.getMeta().putAll(c.getMeta());
    copy.getHeaders().putAll(c.getHeaders());
    return copy;
  }
}
