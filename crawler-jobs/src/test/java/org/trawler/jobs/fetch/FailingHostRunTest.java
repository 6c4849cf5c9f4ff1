package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
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
 * {@code run --hostdb} with a host that refuses every connection: each round's failure is counted
 * in the host database, and once the host failed more rounds than generate.host.max.failures
 * generate stops selecting it.
 */
public class FailingHostRunTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private RecordingServer alive;

  @After
  public void stop() {
    if (alive != null) {
      alive.close();
    }
  }

  /** A loopback URL nothing listens on: connection refused. */
  private static String deadUrl() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.9"))) {
      return "http://127.0.0.9:" + s.getLocalPort() + "/";
    }
  }

  @Test
  public void aHostFailingMoreRoundsThanAllowedIsLeftOutOfTheNextRounds() throws Exception {
    alive = new RecordingServer("127.0.0.2");
    alive
        .respond("/", page("/p1"))
        .respond("/p1", page("/p2"))
        .respond("/p2", page("/p3"))
        .respond("/p3", page());
    File seeds = tmp.newFolder("seeds");
    Files.writeString(
        new File(seeds, "seeds.txt").toPath(),
        alive.url("/") + "\n" + deadUrl() + "\n",
        StandardCharsets.UTF_8);
    Configuration conf = Segments.localConf(tmp.getRoot());
    conf.set(PolitenessKeys.SERVER_DELAY, "0");
    conf.set(ProtocolKeys.TIMEOUT, "5000");
    conf.set(ScheduleKeys.RETRY_DELAY, "0"); // the refused URL is due again every round
    conf.set("generate.host.max.failures", "2");
    File crawl = new File(tmp.getRoot(), "crawl");

    CommandRun run = CommandRun.run(conf, "run", seeds.getPath(), crawl.getPath(), "4", "--hostdb");
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("round 4:"));

    String hostDb = new File(crawl, "hostdb").getPath();
    CommandRun dead = CommandRun.run(conf, "readhostdb", hostDb, "-host", "127.0.0.9");
    // Rounds 1-3 tried it (after 2 failed rounds it may still be tried), round 4 left it out.
    assertTrue(dead.out, dead.out.contains("\"retry\":3"));
    assertTrue(dead.out, dead.out.contains("\"failedRounds\":3"));
    CommandRun ok = CommandRun.run(conf, "readhostdb", hostDb, "-host", "127.0.0.2");
    assertTrue(ok.out, ok.out.contains("\"failedRounds\":0"));
    assertTrue(ok.out, ok.out.contains("\"fetched\":4"));
  }

  private static RecordingServer.Response page(String... links) {
    StringBuilder html = new StringBuilder("<html><body>");
    for (String link : links) {
      html.append("<a href=\"").append(link).append("\">").append(link).append("</a> ");
    }
    return new RecordingServer.Response(200, html.append("</body></html>").toString(), 0, Map.of());
  }
}
