package org.trawler.jobs.read;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.io.Text;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.jobs.hostdb.HostPolicy;
import org.trawler.jobs.hostdb.UrlTemplate;

/**
 * readdb -stats with a host database: the unfetched URLs generate holds back now, by its skip
 * reason, counted part by part and merged.
 */
public class CrawlDbStatsHeldBackTest {
  private static final long NOW = 1_700_000_000_000L;
  private static final String CALENDAR = "http://trap.test/calendar/2024-05/";

  private static HostPolicy policy() {
    HostDatum busy = new HostDatum();
    busy.setBackoff(2, NOW + 3_600_000);
    return new HostPolicy(
        Map.of("busy.test", busy),
        Map.of("trap.test", Map.of(UrlTemplate.of(CALENDAR), 0)),
        Map.of("shop.test", Set.of("sid")),
        NOW,
        3,
        3600,
        2);
  }

  private static void add(CrawlDbStats stats, String url, CrawlStatus status) {
    stats.add(new Text(url), new CrawlDatum(status, 0, 1f));
  }

  @Test
  public void unfetchedUrlsHeldBackAreCountedByReason() throws IOException {
    CrawlDbStats first = new CrawlDbStats(policy());
    add(first, "http://busy.test/a", CrawlStatus.DB_UNFETCHED);
    add(first, "http://busy.test/b", CrawlStatus.DB_FETCHED); // fetched: not held back
    add(first, CALENDAR, CrawlStatus.DB_UNFETCHED);
    add(first, "http://shop.test/p?id=1&sid=a1b2c3", CrawlStatus.DB_UNFETCHED);
    add(first, "http://shop.test/p?id=1", CrawlStatus.DB_UNFETCHED);
    add(first, "http://trap.test/about", CrawlStatus.DB_UNFETCHED);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    first.write(new DataOutputStream(bytes)); // a part's totals, as the stats job hands them on
    CrawlDbStats total = new CrawlDbStats();
    total.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    CrawlDbStats second = new CrawlDbStats(policy());
    add(second, "http://busy.test/c", CrawlStatus.DB_UNFETCHED);
    total.merge(second);

    String table = total.table("crawldb");
    assertTrue(table, table.contains("held back by generate now (db_unfetched, by the hostdb):\n"));
    assertTrue(table, table.contains("\n  host_backoff                  2\n"));
    assertTrue(table, table.contains("\n  trap_pattern                  1\n"));
    assertTrue(table, table.contains("\n  duplicate_param               1\n"));
    assertTrue(table, table.contains("\n  db_unfetched                  6\n"));
    String json = total.json("crawldb");
    assertTrue(
        json,
        json.contains(
            "\"heldBack\":{\"duplicate_param\":1,\"host_backoff\":2,\"trap_pattern\":1}"));
  }

  @Test
  public void withoutAHostDatabaseNothingIsHeldBack() throws IOException {
    CrawlDbStats stats = new CrawlDbStats();
    add(stats, CALENDAR, CrawlStatus.DB_UNFETCHED);
    assertFalse(stats.table("crawldb").contains("held back"));
    assertFalse(stats.json("crawldb").contains("heldBack"));
  }
}
