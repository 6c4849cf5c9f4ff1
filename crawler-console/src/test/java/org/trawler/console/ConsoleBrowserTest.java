package org.trawler.console;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.trawler.console.report.ReportCommand;
import org.trawler.console.serve.ConsoleServer;
import org.trawler.console.serve.CrawlData;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.layout.CrawlDir;

/**
 * The console and the report in a real headless Chromium, as a user sees them: the search finds the
 * marker's page, pages and filters, the report's charts are drawn, and none of the crawl's payloads
 * runs. Screenshots go to target/screenshots/.
 */
public class ConsoleBrowserTest {
  private static final File SHOTS = new File("target/screenshots");

  private static HostileCrawl crawl;
  private static ConsoleServer server;
  private static Chromium chromium;
  private static WebDriver browser;

  @BeforeClass
  public static void start() throws Exception {
    crawl = HostileCrawl.get();
    CrawlDir dir = new CrawlDir(new Path(crawl.crawl.getPath()));
    server =
        ConsoleServer.start(
            new CrawlData(LocalJobFixtures.localConf(), dir, new Path(dir.root(), "index")),
            new InetSocketAddress("127.0.0.1", 0));
    chromium = new Chromium();
    browser = chromium.driver();
  }

  @AfterClass
  public static void stop() {
    if (chromium != null) {
      chromium.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private void open(String path) {
    browser.get(server.base() + path);
  }

  /** No payload ran on the page: the attribute it would set is not there. */
  private void assertNoPayloadRan() {
    Object pwned =
        ((JavascriptExecutor) browser)
            .executeScript(
                "return document.documentElement.getAttribute('" + HostileCrawl.PWNED + "')");
    assertNull("a payload ran on " + browser.getCurrentUrl(), pwned);
  }

  @Test
  public void searchFormFindsTheMarkersPage() throws Exception {
    open("/");
    assertNoPayloadRan();
    chromium.screenshot(new File(SHOTS, "console-overview.png"));
    WebElement q = browser.findElement(By.name("q"));
    q.sendKeys(HostileCrawl.MARKER);
    q.submit();
    new WebDriverWait(browser, Duration.ofSeconds(20))
        .until(d -> !d.findElements(By.id("hit-count")).isEmpty());
    List<WebElement> titles = browser.findElements(By.cssSelector(".hit .title"));
    assertEquals(1, titles.size());
    assertEquals(HostileCrawl.MARKER_TITLE, titles.get(0).getText());
    assertEquals(
        HostileCrawl.MARKER,
        browser.findElement(By.cssSelector(".hit .snippet mark")).getText().toLowerCase());
    assertNoPayloadRan();
    titles.get(0).click();
    assertTrue(browser.findElement(By.tagName("main")).getText().contains("db_fetched"));
    assertFalse(browser.findElements(By.cssSelector("#inlinks tr")).isEmpty());
    assertNoPayloadRan();
  }

  @Test
  public void pagingAndFiltersNarrowTheHits() throws Exception {
    open("/search?q=" + HostileCrawl.HARBOR);
    String count = browser.findElement(By.id("hit-count")).getText();
    assertTrue(count, count.contains(" to 10:"));
    List<WebElement> hosts = browser.findElements(By.cssSelector("#facet-host a"));
    assertEquals(2, hosts.size());
    assertNoPayloadRan();
    chromium.screenshot(new File(SHOTS, "console-search.png"));

    browser.findElement(By.cssSelector(".pager a[rel=next]")).click();
    assertTrue(browser.findElement(By.id("hit-count")).getText().contains("; 11 to "));
    assertFalse(browser.findElements(By.cssSelector(".hit")).isEmpty());
    assertNoPayloadRan();

    browser.findElement(By.cssSelector(".pager a[rel=prev]")).click();
    String host = "127.0.0.2";
    browser
        .findElement(By.xpath("//div[@id='facet-host']/a[starts-with(text(),'" + host + " ')]"))
        .click();
    List<WebElement> urls = browser.findElements(By.cssSelector(".hit .meta .url"));
    assertEquals(10, urls.size());
    for (WebElement u : urls) {
      assertTrue(u.getText(), u.getText().startsWith("http://" + host + ":"));
    }
    String filtered = browser.findElement(By.id("hit-count")).getText();
    // with /notes.txt: plain-text documents now pass the URL filter and are parsed
    assertTrue(filtered, filtered.startsWith("17 pages match"));
    browser
        .findElement(By.xpath("//div[@id='facet-type']/a[starts-with(text(),'text/html')]"))
        .click();
    for (WebElement meta : browser.findElements(By.cssSelector(".hit .meta"))) {
      assertTrue(meta.getText(), meta.getText().contains("text/html"));
    }
    assertNoPayloadRan();
  }

  @Test
  public void payloadsInTheCrawlNeverRun() throws Exception {
    String home = "http://" + crawl.hosts.get(0) + "/";
    open("/url?u=" + java.net.URLEncoder.encode(home, "UTF-8"));
    String text = browser.findElement(By.tagName("main")).getText();
    assertTrue(text, text.contains("<script>"));
    for (WebElement a : browser.findElements(By.tagName("a"))) {
      String href = a.getAttribute("href");
      assertFalse(href, href != null && href.toLowerCase().startsWith("javascript:"));
    }
    assertNoPayloadRan();
    chromium.screenshot(new File(SHOTS, "console-url.png"));
    open("/search?q=script");
    assertNoPayloadRan();
    open("/search?q=" + java.net.URLEncoder.encode("onerror OR img OR svg OR text", "UTF-8"));
    assertNoPayloadRan();
  }

  @Test
  public void reportChartsAreDrawnServedAndAsAFile() throws Exception {
    // the console serves the report that the report command wrote; it never builds one
    ReportCommand.Written written =
        ReportCommand.write(
            LocalJobFixtures.localConf(), new CrawlDir(new Path(crawl.crawl.getPath())), null);
    open("/report");
    assertChartsDrawn();
    chromium.screenshot(new File(SHOTS, "report.png"));
    browser.get(written.html().toUri().toString());
    assertChartsDrawn();
    // the hosts table sorts by a column's head
    browser.findElement(By.xpath("//table[@id='hosts']//th[text()='URLs']")).click();
    assertEquals(
        "down",
        browser
            .findElement(By.xpath("//table[@id='hosts']//th[text()='URLs']"))
            .getAttribute("data-sorted"));
  }

  private void assertChartsDrawn() {
    new WebDriverWait(browser, Duration.ofSeconds(20))
        .until(d -> d.findElement(By.tagName("body")).getAttribute("data-charts-drawn") != null);
    int drawn =
        Integer.parseInt(browser.findElement(By.tagName("body")).getAttribute("data-charts-drawn"));
    assertEquals(9, drawn);
    Long painted =
        (Long)
            ((JavascriptExecutor) browser)
                .executeScript(
                    "return Array.from(document.querySelectorAll('canvas'))"
                        + ".filter(c => c.width > 0 && c.height > 0).length");
    assertEquals(9L, painted.longValue());
    assertNoPayloadRan();
  }
}
