package org.trawler.jobs.fetch;

import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URL;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.Content;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RobotsRules;

/**
 * A minimal HTTP Protocol for the fetcher's tests against loopback servers (HttpURLConnection, no
 * redirects followed), until the real HttpProtocol is on the classpath. robots.txt is fetched once
 * per host and port: 2xx parsed, 4xx allow all, 5xx or no answer unavailable.
 */
public class LoopbackHttpProtocol implements Protocol {
  private final int timeout;
  private final String agent;
  private final Map<String, RobotsRules> robots = new ConcurrentHashMap<>();

  public LoopbackHttpProtocol(Configuration conf) {
    timeout = conf.getInt("http.timeout", 10000);
    agent = conf.get("http.agent.name", "Trawler/0.1.0");
  }

  @Override
  public ProtocolOutput fetch(String url, long ifModifiedSince) {
    HttpURLConnection c = null;
    try {
      c = open(url);
      if (ifModifiedSince > 0) {
        c.setRequestProperty(
            "If-Modified-Since",
            DateTimeFormatter.RFC_1123_DATE_TIME.format(
                ZonedDateTime.ofInstant(Instant.ofEpochMilli(ifModifiedSince), ZoneOffset.UTC)));
      }
      int code = c.getResponseCode();
      byte[] body = readBody(c);
      if (code >= 200 && code < 300) {
        String type =
            c.getContentType() == null
                ? ""
                : c.getContentType().split(";")[0].trim().toLowerCase(Locale.ROOT);
        Content content = new Content(url, url, body, type, false);
        for (Map.Entry<String, List<String>> h : c.getHeaderFields().entrySet()) {
          if (h.getKey() != null) {
            content.getHeaders().put(h.getKey(), String.join(", ", h.getValue()));
          }
        }
        return ProtocolOutput.success(code, content);
      }
      if (code == 304) {
        return ProtocolOutput.notModified();
      }
      if (code == 301 || code == 302 || code == 303 || code == 307 || code == 308) {
        String target = URI.create(url).resolve(c.getHeaderField("Location")).toString();
        return ProtocolOutput.redirect(code == 301 || code == 308, code, target);
      }
      if (code == 429 || code == 503) {
        String retryAfter = c.getHeaderField("Retry-After");
        long millis = retryAfter == null ? -1 : Long.parseLong(retryAfter.trim()) * 1000;
        return ProtocolOutput.retry(code, Reason.HTTP, c.getResponseMessage(), millis);
      }
      if (code >= 500) {
        return ProtocolOutput.retry(code, Reason.HTTP, c.getResponseMessage(), -1);
      }
      return ProtocolOutput.gone(code, Reason.HTTP, c.getResponseMessage());
    } catch (SocketTimeoutException e) {
      return ProtocolOutput.retry(0, Reason.TIMEOUT, e.getMessage(), -1);
    } catch (IOException e) {
      return ProtocolOutput.retry(0, Reason.IO_ERROR, e.toString(), -1);
    } finally {
      if (c != null) {
        c.disconnect();
      }
    }
  }

  @Override
  public RobotsRules robotsFor(String url) {
    URI uri = URI.create(url);
    String site = uri.getScheme() + "://" + uri.getHost() + ":" + uri.getPort();
    return robots.computeIfAbsent(site, s -> fetchRobots(s + "/robots.txt"));
  }

  private RobotsRules fetchRobots(String robotsUrl) {
    HttpURLConnection c = null;
    try {
      c = open(robotsUrl);
      int code = c.getResponseCode();
      byte[] body = readBody(c);
      if (code >= 200 && code < 300) {
        SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
        parser.setMaxCrawlDelay(Long.MAX_VALUE); // the fetcher decides what is too long
        String name = agent.split("[/ ]")[0].toLowerCase(Locale.ROOT);
        return RobotsRules.of(parser.parseContent(robotsUrl, body, "text/plain", List.of(name)));
      }
      if (code >= 400 && code < 500) {
        return RobotsRules.of(new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_ALL));
      }
      return RobotsRules.unavailable("http_" + code);
    } catch (IOException e) {
      return RobotsRules.unavailable("connection_failed");
    } finally {
      if (c != null) {
        c.disconnect();
      }
    }
  }

  private HttpURLConnection open(String url) throws IOException {
    HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
    c.setInstanceFollowRedirects(false);
    c.setConnectTimeout(timeout);
    c.setReadTimeout(timeout);
    c.setRequestProperty("User-Agent", agent);
    return c;
  }

  private static byte[] readBody(HttpURLConnection c) throws IOException {
    InputStream in = c.getResponseCode() >= 400 ? c.getErrorStream() : c.getInputStream();
    if (in == null) {
      return new byte[0];
    }
    try (InputStream body = in) {
      return body.readAllBytes();
    }
  }

  @Override
  public void close() {}
}
