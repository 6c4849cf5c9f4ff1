package org.trawler.jobs.reliability;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;

/**
 * What a user sees of a crawldb with readdb -stats: entries per status and in total, plus how many
 * carry a generate mark. Read the way readers read it: the installed version, all records.
 */
final class CrawlDbSummary {
  final Map<String, Long> perStatus;
  final long total;
  final long generateMarked;

  private CrawlDbSummary(Map<String, Long> perStatus, long total, long generateMarked) {
    this.perStatus = perStatus;
    this.total = total;
    this.generateMarked = generateMarked;
  }

  /** The crawldb's summary; fails (UserException naming the file) if any part is unreadable. */
  static CrawlDbSummary of(Configuration conf, Path crawlDb) throws IOException, UserException {
    Map<String, Long> perStatus = new TreeMap<>();
    long[] marked = {0};
    long total =
        PartFiles.read(
            conf,
            VersionedDb.currentForReading(conf, crawlDb),
            new Text(),
            new CrawlDatum(),
            (url, d) -> {
              perStatus.merge(d.statusLabel(), 1L, Long::sum);
              if (d.getMetadata().containsKey(MetadataKeys.GENERATE_TIME)) {
                marked[0]++;
              }
            });
    return new CrawlDbSummary(perStatus, total, marked[0]);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CrawlDbSummary s
        && s.perStatus.equals(perStatus)
        && s.total == total
        && s.generateMarked == generateMarked;
  }

  @Override
  public int hashCode() {
    return perStatus.hashCode() * 31 + Long.hashCode(total) + Long.hashCode(generateMarked);
  }

  @Override
  public String toString() {
    return "total " + total + " " + perStatus + " generate-marked " + generateMarked;
  }
}
