package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.schedule.ScheduleKeys;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.politeness.PolitenessKeys;

/**
 * {@code run} (without --hostdb) with a host that answers 429 without Retry-After: within the round
 * the host is asked again once its short backoff within the task has passed (here 1 s, the least),
 * the round updates the host database by itself, and the next round's generate leaves the host out
 * while its backoff across rounds lasts; once it has passed, the host is fetched again, and a round
 * of answers relaxes its backoff. Requests are counted and timed by the servers. (A backoff longer
 * than the task waits, host_backoff, is shown by FetchQueuesTest and HostFetcherTest.)
 */
public class RateLimitedHostRunTest {
  /** Seconds of the first backoff: longer than a round takes, even on a loaded machine. */
  private static final int BACKOFF_SECONDS = 25;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private RecordingServer calm;
  private RecordingServer busy;

  @After
  public void stop() {
    if (calm != null) {
      calm.close();
    }
    if (busy != null) {
      busy.close();
    }
  }

  @Test
  public void aRateLimitedHostIsLeftAloneAcrossRoundsUntilItsBackoffEnds() throws Exception {
    calm = new RecordingServer("127.0.0.2");
    calm.respond("/", page("/p1")).respond("/p1", page("/p2")).respond("/p2", page());
    busy = new RecordingServer("127.0.0.3");
    busy.robots("User-agent: *\n").respondByDefault(RecordingServer.Response.status(429, Map.of()));
    File seeds = tmp.newFolder("seeds");
    Files.writeString(
        new File(seeds, "seeds.txt").toPath(),
        calm.url("/") + "\n" + busy.url("/") + "\n" + busy.url("/x") + "\n",
        StandardCharsets.UTF_8);
    Configuration conf = Segments.localConf(tmp.getRoot());
    conf.set(PolitenessKeys.SERVER_DELAY, "0");
    conf.set(ProtocolKeys.TIMEOUT, "5000");
    conf.set(PolitenessKeys.BACKOFF_TASK_FACTOR, "4"); // the backoff within the task, opted in
    conf.set(ProtocolKeys.FETCHER_MAX_CRAWL_DELAY, "5"); // the task waits 1 s, never 25 s
    conf.set(PolitenessKeys.BACKOFF_START, Integer.toString(BACKOFF_SECONDS));
    conf.set(ScheduleKeys.RETRY_DELAY, "0"); // the 429's URL is due again at once
    File crawl = new File(tmp.getRoot(), "crawl");

    CommandRun first = CommandRun.run(conf, "run", seeds.getPath(), crawl.getPath(), "2");
    assertEquals(first.toString(), 0, first.exitCode);
    assertTrue(first.out, first.out.contains("round 2:"));
    List<RecordingServer.Request> asked = busy.pageRequests();
    assertEquals("two requests in round 1, none in round 2: " + asked, 2, asked.size());
    double gap = asked.get(1).start() - asked.get(0).end();
    assertTrue("asked again after its backoff within the task: " + gap, gap >= 1000);
    assertEquals("the calm host crawled on", 2, calm.pageRequests().size());

    String hostDb = new File(crawl, "hostdb").getPath();
    String backedOff = CommandRun.run(conf, "readhostdb", hostDb, "-host", "127.0.0.3").out;
    assertTrue(backedOff, backedOff.contains("\"backoffLevel\":1"));
    assertTrue("the two 429s: " + backedOff, backedOff.contains("\"rateLimited\":2"));
    assertTrue(backedOff, backedOff.contains("\"failedRounds\":0"));
    String held = CommandRun.run(conf, "readdb", crawl + "/crawldb", "-url", busy.url("/x")).out;
    assertTrue(held, held.contains("\"status\":\"db_unfetched\""));
    assertTrue("a 429 counts no retry: " + held, held.contains("\"retries\":0"));

    busy.respondByDefault(RecordingServer.Response.page(0));
    long until = backoffUntil(backedOff);
    while (System.currentTimeMillis() <= until) {
      Thread.sleep(Math.max(1, until + 1 - System.currentTimeMillis())); // the backoff must pass
    }
    CommandRun second = CommandRun.run(conf, "run", seeds.getPath(), crawl.getPath(), "1");
    assertEquals(second.toString(), 0, second.exitCode);
    assertEquals("both URLs once the backoff ended", 4, busy.pageRequests().size());
    String relaxed = CommandRun.run(conf, "readhostdb", hostDb, "-host", "127.0.0.3").out;
    assertTrue(
        "a round of answers halves level 1 to 0: " + relaxed,
        relaxed.contains("\"backoffLevel\":0"));
    assertTrue(relaxed, relaxed.contains("\"fetched\":2"));
  }

  private static long backoffUntil(String json) {
    Matcher m = Pattern.compile("\"backoffUntil\":(\\d+)").matcher(json);
    assertTrue(json, m.find());
    return Long.parseLong(m.group(1));
  }

  private static RecordingServer.Response page(String... links) {
    StringBuilder html = new StringBuilder("<html><body>");
    for (String link : links) {
      html.append("<a href=\"").append(link).append("\">").append(link).append("</a> ");
    }
    return new RecordingServer.Response(200, html.append("</body></html>").toString(), 0, Map.of());
  }
}
