package org.trawler.jobs.politeness;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolOutput;

/**
 * HostFetcher's politeness when several threads reach one host, as the sitemap job's do when host
 * A's robots.txt names a sitemap on host B while B's own sitemaps are being read: B's requests,
 * robots.txt included, still go one at a time, fetcher.server.delay apart.
 */
public class HostFetcherTest {
  private static final long DELAY_MS = 400;
  private static final long SERVE_MS = 150;
  private static final long RETRY_AFTER_S = 2;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private final AtomicInteger busyAnswers = new AtomicInteger();

  /**
   * Requests the server has begun to answer. A fetch returns only after its answer, so once the
   * fetcher's calls have returned, every request it sent is counted here.
   */
  private final AtomicInteger arrived = new AtomicInteger();

  private HttpServer server;
  private final List<long[]> requests = new ArrayList<>(); // {start, end} as the server saw them

  @Before
  public void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext(
        "/",
        exchange -> {
          long start = System.currentTimeMillis();
          arrived.incrementAndGet();
          try {
            Thread.sleep(SERVE_MS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          String path = exchange.getRequestURI().getPath();
          if (path.startsWith("/busy") && busyAnswers.getAndIncrement() == 0) {
            exchange.getResponseHeaders().set("Retry-After", Long.toString(RETRY_AFTER_S));
            exchange.sendResponseHeaders(429, -1);
            exchange.close();
            synchronized (requests) {
              requests.add(new long[] {start, System.currentTimeMillis()});
              requests.notifyAll();
            }
            return;
          }
          if (path.startsWith("/limited")) { // 429 without Retry-After, always
            exchange.sendResponseHeaders(429, -1);
            exchange.close();
            synchronized (requests) {
              requests.add(new long[] {start, System.currentTimeMillis()});
              requests.notifyAll();
            }
            return;
          }
          if (path.startsWith("/failing")) {
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
            synchronized (requests) {
              requests.add(new long[] {start, System.currentTimeMillis()});
              requests.notifyAll();
            }
            return;
          }
          byte[] body =
              (path.equals("/robots.txt") ? "User-agent: *\nDisallow:\n" : "<urlset/>")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "text/plain");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
          synchronized (requests) {
            requests.add(new long[] {start, System.currentTimeMillis()});
            requests.notifyAll();
          }
        });
    server.start();
  }

  @After
  public void stop() {
    server.stop(0);
  }

  /**
   * Waits (up to 10 s) until the server has noted {@code n} requests: it notes one after its answer
   * went out, so the client may have read the answer first.
   */
  private void awaitRequests(int n) throws InterruptedException {
    long end = System.currentTimeMillis() + 10_000;
    synchronized (requests) {
      while (requests.size() < n && System.currentTimeMillis() < end) {
        requests.wait(100);
      }
    }
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  @Test
  public void threadsReachingOneHostTakeTurnsTheDelayApart() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(PolitenessKeys.SERVER_DELAY, Double.toString(DELAY_MS / 1000.0));
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try (HostFetcher fetcher = new HostFetcher(conf, null)) {
      List<Future<ProtocolOutput>> outs = new ArrayList<>();
      for (int t = 0; t < 3; t++) {
        String path = "/sitemap-" + t + ".xml";
        outs.add(threads.submit(() -> fetcher.fetch(url(path))));
      }
      for (Future<ProtocolOutput> out : outs) {
        assertEquals(CrawlStatus.FETCH_SUCCESS, out.get().getStatus());
      }
    } finally {
      threads.shutdownNow();
    }
    awaitRequests(4); // the server notes the last request after the client has read its answer
    requests.sort(Comparator.comparingLong(r -> r[0]));
    assertEquals("robots.txt and three sitemaps", 4, requests.size());
    for (int i = 1; i < requests.size(); i++) {
      long gap = requests.get(i)[0] - requests.get(i - 1)[1];
      // the client sees a request end a little after the server: the gap it keeps is at least this
      assertTrue("gap " + i + ": " + gap + " ms", gap >= DELAY_MS - 50);
    }
  }

  @Test
  public void aSitemapHostAnswering429WithRetryAfterIsWaitedForAsInTheFetcher() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(PolitenessKeys.SERVER_DELAY, "0.1");
    try (HostFetcher fetcher = new HostFetcher(conf, null)) {
      assertEquals(CrawlStatus.FETCH_RETRY, fetcher.fetch(url("/busy-sitemap.xml")).getStatus());
      assertEquals(CrawlStatus.FETCH_SUCCESS, fetcher.fetch(url("/busy-sitemap.xml")).getStatus());
    }
    awaitRequests(3);
    requests.sort(Comparator.comparingLong(r -> r[0]));
    assertEquals("robots.txt, the 429, the retry", 3, requests.size());
    long gap = requests.get(2)[0] - requests.get(1)[1];
    assertTrue("gap after the 429: " + gap + " ms", gap >= RETRY_AFTER_S * 1000 - 50);
  }

  @Test
  public void aHostFailingMaxExceptionsPerQueueTimesIsDroppedAsInTheFetcher() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(PolitenessKeys.SERVER_DELAY, "0");
    conf.setInt(PolitenessKeys.MAX_EXCEPTIONS_PER_QUEUE, 2);
    try (HostFetcher fetcher = new HostFetcher(conf, null)) {
      assertEquals(CrawlStatus.FETCH_RETRY, fetcher.fetch(url("/failing-1.xml")).getStatus());
      assertEquals(CrawlStatus.FETCH_RETRY, fetcher.fetch(url("/failing-2.xml")).getStatus());
      ProtocolOutput dropped = fetcher.fetch(url("/failing-3.xml"));
      assertEquals(CrawlStatus.FETCH_RETRY, dropped.getStatus());
      assertTrue(dropped.toProtocolStatus(), dropped.toProtocolStatus().contains("queue_dropped"));
    }
    assertEquals("robots.txt and two failures, the third not asked", 3, arrived.get());
    awaitRequests(3); // the server notes a request after its answer went out
    assertEquals(3, requests.size());
  }

  @Test
  public void aSitemapHostAnswering429WithoutRetryAfterIsBackedOffAsInTheFetcher()
      throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(PolitenessKeys.SERVER_DELAY, "0");
    conf.set(PolitenessKeys.BACKOFF_TASK_FACTOR, "0"); // 60 s, as across rounds: beyond the 30 s
    try (HostFetcher fetcher = new HostFetcher(conf, null)) {
      ProtocolOutput limited = fetcher.fetch(url("/limited-1.xml"));
      assertTrue(limited.toProtocolStatus(), limited.toProtocolStatus().startsWith("429 http_429"));
      ProtocolOutput held = fetcher.fetch(url("/limited-2.xml"));
      assertEquals(CrawlStatus.FETCH_RETRY, held.getStatus());
      assertEquals("not asked: backed off 60 s", "host_backoff", held.getReasonName());
    }
    awaitRequests(2);
    assertEquals("robots.txt and the 429", 2, requests.size());
  }

  @Test
  public void theNextTaskWaitsTheDelayThisTaskHandedOver() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(PolitenessKeys.SERVER_DELAY, Double.toString(DELAY_MS / 1000.0));
    Path robotsDb = new Path(tmp.getRoot().getPath(), "robots");
    long handedAt;
    try (HostFetcher first = new HostFetcher(conf, robotsDb)) {
      assertEquals(CrawlStatus.FETCH_SUCCESS, first.fetch(url("/a.xml")).getStatus());
      first.handOverQuiet("task-1");
      handedAt = System.currentTimeMillis();
    }
    assertTrue("no wait at the task's end", System.currentTimeMillis() - handedAt < DELAY_MS);
    try (HostFetcher next = new HostFetcher(conf, robotsDb)) {
      assertEquals(CrawlStatus.FETCH_SUCCESS, next.fetch(url("/b.xml")).getStatus());
    }
    awaitRequests(4);
    requests.sort(Comparator.comparingLong(r -> r[0]));
    assertEquals("robots.txt, a.xml, robots.txt (no robots db kept), b.xml", 4, requests.size());
    long gap = requests.get(2)[0] - requests.get(1)[1];
    assertTrue("gap across the tasks: " + gap + " ms", gap >= DELAY_MS - 50);
  }
}
