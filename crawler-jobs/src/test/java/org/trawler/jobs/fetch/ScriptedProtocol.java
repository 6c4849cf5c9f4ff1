package org.trawler.jobs.fetch;

import crawlercommons.robots.SimpleRobotRulesParser;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RedirectGate;
import org.trawler.core.protocol.RobotsRules;

/**
 * A Protocol without network for tests, answering by URL: host denied.test disallows /private,
 * slow.test asks a Crawl-delay of an hour, down.test has no robots.txt to be had; paths /gone,
 * /moved, /busy (429, Retry-After 2 s), /boom (the protocol throws), /hang (blocks for a minute); a
 * path starting /links is a page linking to /shared and to its own path with "-own"; anything else
 * is a 200 text/html page.
 */
public class ScriptedProtocol implements Protocol {

  @Override
  public ProtocolOutput fetch(String url, long ifModifiedSince, RedirectGate gate) {
    String path = URI.create(url).getPath();
    switch (path) {
      case "/gone":
        return ProtocolOutput.gone(404, Reason.HTTP, "Not Found");
      case "/moved":
        return ProtocolOutput.redirect(true, 301, url.replace("/moved", "/new"));
      case "/busy":
        return ProtocolOutput.retry(429, Reason.HTTP, "Too Many Requests", 2000);
      case "/boom":
        throw new IllegalStateException("boom");
      case "/hang":
        try {
          Thread.sleep(60_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return ProtocolOutput.retry(0, Reason.IO_ERROR, "", -1);
      default:
        String html =
            path.startsWith("/links")
                ? "<a href='/shared'>s</a><a href='" + path + "-own'>o</a>"
                : url;
        byte[] body = ("<html><body>" + html + "</body></html>").getBytes(StandardCharsets.UTF_8);
        return ProtocolOutput.success(200, new Content(url, url, body, "text/html", false));
    }
  }

  @Override
  public RobotsTxt fetchRobots(String url, long now) {
    String host = URI.create(url).getHost();
    String robots;
    switch (host) {
      case "down.test":
        return RobotsTxt.unreachable(now, "http_503");
      case "denied.test":
        robots = "User-agent: *\nDisallow: /private\n";
        break;
      case "slow.test":
        robots = "User-agent: *\nCrawl-delay: 3600\n";
        break;
      default:
        robots = "";
    }
    return RobotsTxt.file(
        now, url, robots.getBytes(StandardCharsets.UTF_8), "text/plain; charset=utf-8");
  }

  /** Rules parsed from {@code robotsTxt} for agent "trawler", with no cap on Crawl-delay. */
  public static RobotsRules robots(String url, String robotsTxt) {
    SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
    parser.setMaxCrawlDelay(Long.MAX_VALUE);
    return RobotsRules.of(
        parser.parseContent(
            url, robotsTxt.getBytes(StandardCharsets.UTF_8), "text/plain", List.of("trawler")));
  }

  @Override
  public void close() {}
}
