package org.trawler.simweb.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.PartFiles;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.layout.CrawlDir;

/**
 * The pages each side of {@code bench --vs-wget} fetched, by URL: Trawler's from its crawldb after
 * all its rounds, wget's from the lines of its {@code -nv} logs, so that the bench can say whether
 * both did the same work, not only as many pages.
 */
final class FetchedUrls {
  /** A crawldb status that says the page was fetched in some round. */
  private static final Set<CrawlStatus> FETCHED =
      EnumSet.of(CrawlStatus.DB_FETCHED, CrawlStatus.DB_NOTMODIFIED, CrawlStatus.DB_DUPLICATE);

  /** A page wget saved, as {@code -nv} logs it: {@code <date> <time> URL:<url> [<size>] -> ...}. */
  private static final Pattern WGET_SAVED = Pattern.compile(" URL: ?(\\S+) \\[");

  private static final String ROBOTS = "/robots.txt";

  private FetchedUrls() {}

  /** Every URL the crawl in {@code crawl} (a {@code run} directory) fetched. */
  static SortedSet<String> ofCrawl(Configuration conf, Path crawl)
      throws IOException, UserException {
    org.apache.hadoop.fs.Path db =
        new CrawlDir(new org.apache.hadoop.fs.Path(crawl.toUri())).crawlDb();
    SortedSet<String> urls = new TreeSet<>();
    PartFiles.read(
        conf,
        CrawlJob.crawlDbVersion(conf, db),
        new Text(),
        new CrawlDatum(),
        (url, datum) -> {
          if (FETCHED.contains(datum.getStatus())) {
            urls.add(url.toString());
          }
        });
    return urls;
  }

  /** Every page (robots.txt aside) that wget's {@code -nv} logs say it saved. */
  static SortedSet<String> ofWgetLogs(List<Path> logs) throws IOException {
    SortedSet<String> urls = new TreeSet<>();
    for (Path log : logs) {
      for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
        Matcher m = WGET_SAVED.matcher(line);
        if (m.find() && !m.group(1).endsWith(ROBOTS)) {
          urls.add(m.group(1));
        }
      }
    }
    return urls;
  }

  /** What one side fetched and the other did not. */
  record Difference(SortedSet<String> onlyTrawler, SortedSet<String> onlyWget) {
    /** Both fetched the same pages, and some. */
    boolean sameWork(Set<String> trawler) {
      return onlyTrawler.isEmpty() && onlyWget.isEmpty() && !trawler.isEmpty();
    }
  }

  static Difference compare(Set<String> trawler, Set<String> wget) {
    SortedSet<String> onlyTrawler = new TreeSet<>(trawler);
    onlyTrawler.removeAll(wget);
    SortedSet<String> onlyWget = new TreeSet<>(wget);
    onlyWget.removeAll(trawler);
    return new Difference(onlyTrawler, onlyWget);
  }
}
