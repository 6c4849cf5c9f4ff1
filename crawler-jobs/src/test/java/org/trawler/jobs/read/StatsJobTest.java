package org.trawler.jobs.read;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Text;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;

/**
 * readdb -stats by the client and by the MapReduce job (readdb.stats.job.min.bytes) print the same
 * on one crawldb of several parts, down to the last digit of the average score.
 */
public class StatsJobTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** A crawldb of {@code parts} MapFile parts with scattered statuses, depths and scores. */
  private static Path crawlDb(Configuration conf, Path dir, int parts) throws IOException {
    Random random = new Random(42);
    CrawlStatus[] statuses = {
      CrawlStatus.DB_UNFETCHED, CrawlStatus.DB_FETCHED, CrawlStatus.DB_GONE
    };
    for (int p = 0; p < parts; p++) {
      Path part = new Path(VersionedDb.current(dir), String.format("part-r-%05d", p));
      try (MapFile.Writer w =
          new MapFile.Writer(
              conf,
              part,
              MapFile.Writer.keyClass(Text.class),
              MapFile.Writer.valueClass(CrawlDatum.class))) {
        for (int i = 0; i < 200; i++) {
          CrawlDatum d = new CrawlDatum(statuses[random.nextInt(3)], 86400, random.nextFloat() * 7);
          d.setDepth(random.nextInt(4));
          d.setRetries(random.nextInt(2));
          w.append(new Text(String.format("http://h%d.test/%05d", p, i)), d);
        }
      }
    }
    return dir;
  }

  @Test
  public void theJobPrintsWhatTheClientPrints() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    Path db = crawlDb(conf, new Path(tmp.getRoot().getPath(), "crawldb"), 3);
    for (List<String> format : List.of(List.of("-stats"), List.of("-stats", "-json"))) {
      String[] client = args(db, "1g", format);
      String[] job = args(db, "0", format);
      CommandRun byClient = CommandRun.run(conf, client);
      CommandRun byJob = CommandRun.run(conf, job);
      assertEquals(byClient.toString(), 0, byClient.exitCode);
      assertEquals(byJob.toString(), 0, byJob.exitCode);
      assertTrue(byClient.out, byClient.out.contains("600"));
      assertEquals(byClient.out, byJob.out);
    }
  }

  private static String[] args(Path db, String minBytes, List<String> format) {
    String[] args = new String[4 + format.size()];
    args[0] = "readdb";
    args[1] = "-D";
    args[2] = "readdb.stats.job.min.bytes=" + minBytes;
    args[3] = db.toString();
    for (int i = 0; i < format.size(); i++) {
      args[4 + i] = format.get(i);
    }
    return args;
  }
}
