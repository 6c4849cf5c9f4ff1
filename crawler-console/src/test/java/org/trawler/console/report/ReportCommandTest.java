package org.trawler.console.report;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.Test;
import org.trawler.console.HostileCrawl;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

public class ReportCommandTest {
  @Test
  public void reportIsOneSelfContainedFileWithTheCrawlsFigures() throws Exception {
    HostileCrawl crawl = HostileCrawl.get();
    File out = new File(crawl.crawl.getParentFile(), "report-test");
    CommandRun run =
        CommandRun.run(
            LocalJobFixtures.localConf(), "report", crawl.crawl.getPath(), "-out", out.getPath());
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.startsWith("report: "));

    JsonNode r = new ObjectMapper().readTree(new File(out, ReportCommand.JSON_FILE));
    // the third round found nothing due
    assertEquals(2, r.path("rounds").size());
    JsonNode last = r.path("rounds").get(1);
    // the crawldb by status counted by the pass is the one the last round recorded
    assertEquals(last.path("crawldb"), r.path("crawldb"));
    assertEquals(last.path("crawldbUrls").asLong(), r.path("urls").asLong());
    assertEquals(2, r.path("hostCount").asLong());
    assertEquals(2, r.path("hosts").size());
    assertTrue(r.path("httpStatus").has("200"));
    assertTrue(r.path("contentTypes").has("text/html"));
    assertTrue(r.path("responseMs").path("p50").asLong() >= 0);

    Document page = Jsoup.parse(Files.readString(new File(out, ReportCommand.HTML_FILE).toPath()));
    for (Element e : page.select("[src], [href]")) {
      assertTrue("a URL outside the file: " + e, false);
    }
    assertTrue(
        page.selectFirst("meta[http-equiv=Content-Security-Policy]")
            .attr("content")
            .startsWith("default-src 'none'; script-src 'sha256-"));
    assertEquals(2, page.select("script:not([type])").size());
    assertEquals(9, page.select("canvas").size());
    // the data block cannot be ended by crawled text
    String data = page.getElementById("report-data").data();
    assertTrue(!data.contains("<"));
  }

  @Test
  public void noCrawlThereIsOneLineAndExitThree() throws Exception {
    CommandRun run = CommandRun.run(LocalJobFixtures.localConf(), "report", "/nonexistent/crawl");
    assertEquals(run.toString(), 3, run.exitCode);
    assertEquals(1, run.errLines().length);
  }
}
