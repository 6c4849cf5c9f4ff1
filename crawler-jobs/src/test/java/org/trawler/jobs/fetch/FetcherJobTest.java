package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.jobs.cli.Main;
import org.trawler.jobs.fetch.RecordingServer.Request;
import org.trawler.jobs.fetch.RecordingServer.Response;
import org.trawler.jobs.politeness.PolitenessKeys;

/**
 * The fetch command in local mode against HTTP servers on 127.0.0.2, 127.0.0.3, ...; politeness is
 * measured on the servers' side.
 */
public class FetcherJobTest {
  /** Clock and scheduling slack when comparing server-side times, ms. */
  private static final double TOLERANCE = 25;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final List<RecordingServer> servers = new ArrayList<>();
  private Configuration conf;
  private Path segment;
  private String stderr = "";

  @Before
  public void setUp() {
    conf = Segments.localConf(tmp.getRoot());
    segment = new Path(tmp.getRoot().getAbsolutePath(), "segments/20260101000000");
  }

  @After
  public void stopServers() {
    servers.forEach(RecordingServer::close);
  }

  private RecordingServer server(int lastOctet) throws Exception {
    RecordingServer s = new RecordingServer("127.0.0." + lastOctet);
    servers.add(s);
    return s;
  }

  private int fetch(String... options) throws Exception {
    List<String> args = new ArrayList<>(List.of("fetch", segment.toString()));
    args.addAll(List.of(options));
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    try {
      return Main.run(
          conf,
          args.toArray(new String[0]),
          System.out,
          new PrintStream(captured, true, StandardCharsets.UTF_8));
    } finally {
      stderr = captured.toString(StandardCharsets.UTF_8);
      System.err.print(stderr);
    }
  }

  private static List<String> urls(RecordingServer s, String... paths) {
    List<String> urls = new ArrayList<>();
    for (String p : paths) {
      urls.add(s.url(p));
    }
    return urls;
  }

  private static List<String> paths(List<Request> requests) {
    return requests.stream().map(Request::path).toList();
  }

  /** Between the end of one request and the start of the next, at least {@code delay} ms. */
  private static void assertGapsAtLeast(List<Request> requests, long delay) {
    List<Request> sorted = new ArrayList<>(requests);
    sorted.sort(Comparator.comparingDouble(Request::start));
    for (int i = 1; i < sorted.size(); i++) {
      double gap = sorted.get(i).start() - sorted.get(i - 1).end();
      assertTrue(
          sorted.get(i).host()
              + sorted.get(i).path()
              + " started "
              + gap
              + " ms after the previous request "
              + "ended; the delay is "
              + delay
              + " ms",
          gap >= delay - TOLERANCE);
    }
  }

  /** The most requests in progress at one instant. */
  private static int maxConcurrent(List<Request> requests) {
    List<double[]> events = new ArrayList<>();
    for (Request r : requests) {
      events.add(new double[] {r.start(), 1});
      events.add(new double[] {r.end(), -1});
    }
    events.sort((a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : Double.compare(a[1], b[1]));
    int open = 0;
    int max = 0;
    for (double[] e : events) {
      open += (int) e[1];
      max = Math.max(max, open);
    }
    return max;
  }

  private static String pst(CrawlDatum d) {
    return d.getMetaString(MetadataKeys.PROTOCOL_STATUS);
  }

  @Test
  public void fourHostsInTwoListsAreFetchedInParallelButPolitelyEach() throws Exception {
    List<RecordingServer> hosts = new ArrayList<>();
    for (int octet = 2; octet <= 5; octet++) {
      hosts.add(
          server(octet).respondByDefault(Response.page(400)).robots("User-agent: *\nAllow: /\n"));
    }
    List<String> list0 = new ArrayList<>();
    List<String> list1 = new ArrayList<>();
    for (String page : new String[] {"/p1", "/p2", "/p3"}) {
      list0.addAll(List.of(hosts.get(0).url(page), hosts.get(1).url(page)));
      list1.addAll(List.of(hosts.get(2).url(page), hosts.get(3).url(page)));
    }
    Segments.writeFetchList(conf, segment, "part-r-00000", list0);
    Segments.writeFetchList(conf, segment, "part-r-00001", list1);
    conf.set(PolitenessKeys.SERVER_DELAY, "0.5");
    long start = System.currentTimeMillis();

    assertEquals(0, fetch("-threads", "4"));

    Map<String, CrawlDatum> fetched = Segments.readFetch(conf, segment);
    assertEquals(12, fetched.size());
    for (CrawlDatum d : fetched.values()) {
      assertEquals(CrawlStatus.FETCH_SUCCESS, d.getStatus());
      assertEquals("200 ok", pst(d));
      assertTrue(d.getFetchTime() >= start);
      assertEquals(2.5f, d.getScore(), 0);
      assertEquals(1, d.getDepth());
    }
    assertEquals(
        "one sorted MapFile per fetch list",
        2,
        PartFiles.list(conf, new Path(segment, Segment.CRAWL_FETCH)).size());
    Map<String, Content> contents = Segments.readContent(conf, segment);
    assertEquals(fetched.keySet(), contents.keySet());
    Content one = contents.get(hosts.get(0).url("/p1"));
    assertEquals("text/html", one.getContentType());
    assertEquals("1", one.getMeta().get(Content.META_DEPTH));
    assertEquals("2.5", one.getMeta().get(Content.META_SCORE));
    assertTrue(Long.parseLong(one.getMeta().get(Content.META_FETCH_TIME)) >= start);

    List<Request> all = new ArrayList<>();
    for (RecordingServer host : hosts) {
      List<Request> pages = host.pageRequests();
      assertEquals(List.of("/p1", "/p2", "/p3"), paths(pages).stream().sorted().toList());
      assertEquals(
          "robots.txt, then tdmrep.json, once per host",
          RecordingServer.SITE_FILES,
          host.siteFileRequests());
      // the site's files are asked in the first page's turn, right before it: the pages' turns
      // are a delay apart
      assertEquals("one request at a time per host", 1, maxConcurrent(host.requests()));
      assertGapsAtLeast(pages, 500);
      all.addAll(pages);
    }
    assertEquals("the four hosts are fetched at the same time", 4, maxConcurrent(all));
  }

  /**
   * A fresh host's robots.txt and tdmrep.json are asked right before its first page, in the page's
   * turn, back to back; the delay follows the page, so its second page comes one delay after the
   * first.
   */
  @Test
  public void aFreshHostsRobotsTxtAndTdmRepJsonAreAskedRightBeforeItsFirstPage() throws Exception {
    long delay = 1500;
    RecordingServer host = server(2).robots("User-agent: *\nAllow: /\n");
    Segments.writeFetchList(conf, segment, "part-r-00000", urls(host, "/p1", "/p2"));
    conf.set(PolitenessKeys.SERVER_DELAY, String.valueOf(delay / 1000.0));

    assertEquals(0, fetch("-threads", "2"));

    List<Request> requests = new ArrayList<>(host.requests());
    requests.sort(Comparator.comparingDouble(Request::start));
    assertEquals(List.of("/robots.txt", "/.well-known/tdmrep.json", "/p1", "/p2"), paths(requests));
    assertEquals("one request at a time", 1, maxConcurrent(requests));
    for (int i = 0; i < 2; i++) {
      double gap = requests.get(i + 1).start() - requests.get(i).end();
      assertTrue(
          requests.get(i + 1).path() + " " + gap + " ms after " + requests.get(i).path(),
          gap < delay / 3.0);
    }
    assertGapsAtLeast(requests.subList(2, 4), delay);
  }

  /**
   * fetcher.output.sort.in.task=false (issue 39 item 3): the plain Hadoop path, a reduce per fetch
   * list sorting the records, leaves the segment as the task's own sort does
   * (SortingSegmentWriterTest compares the records).
   */
  @Test
  public void withoutTheTasksOwnSortAReduceWritesTheSameSegment() throws Exception {
    RecordingServer host = server(2).respondByDefault(Response.page(300));
    Segments.writeFetchList(conf, segment, "part-r-00000", urls(host, "/3", "/1", "/2"));
    conf.set(PolitenessKeys.SERVER_DELAY, "0");
    conf.set(PolitenessKeys.SERVER_MIN_DELAY, "0");
    conf.setBoolean(FetcherKeys.SORT_IN_TASK, false);

    assertEquals(0, fetch());

    Map<String, CrawlDatum> fetched = Segments.readFetch(conf, segment);
    assertEquals(
        List.of(host.url("/1"), host.url("/2"), host.url("/3")), List.copyOf(fetched.keySet()));
    for (CrawlDatum d : fetched.values()) {
      assertEquals(CrawlStatus.FETCH_SUCCESS, d.getStatus());
    }
    assertEquals(fetched.keySet(), Segments.readContent(conf, segment).keySet());
    assertEquals(
        "one sorted MapFile per fetch list",
        1,
        PartFiles.list(conf, new Path(segment, Segment.CRAWL_FETCH)).size());
  }

  @Test
  public void severalThreadsPerQueueAdmitThatManyRequestsAtOnce() throws Exception {
    RecordingServer host = server(2).respondByDefault(Response.page(300));
    Segments.writeFetchList(
        conf, segment, "part-r-00000", urls(host, "/1", "/2", "/3", "/4", "/5", "/6"));
    conf.setInt(ProtocolKeys.FETCHER_THREADS_PER_QUEUE, 2);
    conf.set(PolitenessKeys.SERVER_MIN_DELAY, "0");

    assertEquals(0, fetch("-threads", "5"));

    assertEquals(6, Segments.readFetch(conf, segment).size());
    assertEquals(2, maxConcurrent(host.pageRequests()));
  }

  @Test
  public void retryAfterHoldsTheHostBackAndFailingQueuesAreDropped() throws Exception {
    RecordingServer busy =
        server(2)
            .respond("/busy", Response.status(429, Map.of("Retry-After", "2")), Response.page(0));
    RecordingServer failing =
        server(3)
            .respond("/e1", Response.status(500, Map.of()))
            .respond("/e2", Response.status(500, Map.of()));
    List<String> list = new ArrayList<>(urls(busy, "/busy", "/a", "/b"));
    list.addAll(urls(failing, "/e1", "/e2", "/e3", "/e4"));
    Segments.writeFetchList(conf, segment, "part-r-00000", list);
    conf.set(PolitenessKeys.SERVER_DELAY, "0.2");
    conf.setInt(PolitenessKeys.MAX_EXCEPTIONS_PER_QUEUE, 2);

    assertEquals(0, fetch("-threads", "3"));

    Map<String, CrawlDatum> fetched = Segments.readFetch(conf, segment);
    assertEquals(7, fetched.size());
    CrawlDatum tooMany = fetched.get(busy.url("/busy"));
    assertEquals(CrawlStatus.FETCH_RETRY, tooMany.getStatus());
    assertTrue(pst(tooMany), pst(tooMany).startsWith("429 http_429"));
    assertEquals(CrawlStatus.FETCH_SUCCESS, fetched.get(busy.url("/a")).getStatus());
    List<Request> busyPages = busy.pageRequests();
    assertEquals("/busy", busyPages.get(0).path());
    assertTrue(
        "waited for Retry-After",
        busyPages.get(1).start() - busyPages.get(0).end() >= 2000 - TOLERANCE);

    CrawlDatum serverError = fetched.get(failing.url("/e2"));
    assertEquals(CrawlStatus.FETCH_RETRY, serverError.getStatus());
    assertTrue(pst(serverError), pst(serverError).startsWith("500 http_500"));
    for (String dropped : new String[] {"/e3", "/e4"}) {
      CrawlDatum d = fetched.get(failing.url(dropped));
      assertEquals(CrawlStatus.FETCH_RETRY, d.getStatus());
      assertTrue(pst(d), pst(d).startsWith("0 queue_dropped"));
    }
    assertEquals(List.of("/e1", "/e2"), paths(failing.pageRequests()));
  }

  @Test
  public void theDelayFactorSpacesASlowHostsRequestsByItsResponseTime() throws Exception {
    RecordingServer slow = server(2).respondByDefault(Response.page(200));
    Segments.writeFetchList(conf, segment, "part-r-00000", urls(slow, "/1", "/2", "/3", "/4"));
    conf.set(PolitenessKeys.SERVER_DELAY, "0.1");
    conf.set(PolitenessKeys.SERVER_DELAY_FACTOR, "4");

    assertEquals(0, fetch("-threads", "2"));

    assertEquals(4, Segments.readFetch(conf, segment).size());
    // each answer took at least 200 ms: the next request waits 4 × that, not the 100 ms delay
    assertGapsAtLeast(slow.pageRequests(), 800);
  }

  @Test
  public void aHostAnswering429WithoutRetryAfterIsAskedNoMoreInTheTask() throws Exception {
    RecordingServer busy =
        server(2).robots("User-agent: *\n").respondByDefault(Response.status(429, Map.of()));
    RecordingServer calm = server(3);
    List<String> list = new ArrayList<>();
    for (int i = 1; i <= 8; i++) {
      list.add(busy.url("/b" + i));
      list.add(calm.url("/c" + i));
    }
    Segments.writeFetchList(conf, segment, "part-r-00000", list);
    conf.set(PolitenessKeys.SERVER_DELAY, "0");
    // two items per thread in memory: most of the busy host's URLs are fed after its 429
    conf.setInt(FetcherKeys.QUEUE_DEPTH_MULTIPLIER, 2);

    assertEquals(0, fetch("-threads", "2"));

    assertEquals("one request, then nothing within the backoff", 1, busy.pageRequests().size());
    Map<String, CrawlDatum> fetched = Segments.readFetch(conf, segment);
    assertEquals(16, fetched.size());
    String asked = busy.url(busy.pageRequests().get(0).path());
    assertTrue(pst(fetched.get(asked)), pst(fetched.get(asked)).startsWith("429 http_429"));
    for (int i = 1; i <= 8; i++) {
      String url = busy.url("/b" + i);
      if (!url.equals(asked)) {
        CrawlDatum d = fetched.get(url);
        assertEquals(url, CrawlStatus.FETCH_RETRY, d.getStatus());
        assertTrue(pst(d), pst(d).startsWith("0 host_backoff"));
      }
      assertEquals(CrawlStatus.FETCH_SUCCESS, fetched.get(calm.url("/c" + i)).getStatus());
    }
    assertEquals("the other host is fetched as ever", 8, calm.pageRequests().size());
  }

  @Test
  public void robotsTxtDeniesSkipsAndDelays() throws Exception {
    RecordingServer denying = server(2).robots("User-agent: *\nDisallow: /private\n");
    RecordingServer tooSlow = server(3).robots("User-agent: *\nCrawl-delay: 100\n");
    RecordingServer down = server(4).respond("/robots.txt", Response.status(503, Map.of()));
    RecordingServer slow = server(5).robots("User-agent: *\nCrawl-delay: 1\n");
    List<String> list = new ArrayList<>(urls(denying, "/private", "/public"));
    list.addAll(urls(tooSlow, "/x", "/y"));
    list.addAll(urls(down, "/z"));
    list.addAll(urls(slow, "/c1", "/c2", "/c3"));
    Segments.writeFetchList(conf, segment, "part-r-00000", list);
    conf.set(PolitenessKeys.SERVER_DELAY, "0.1");

    assertEquals(0, fetch("-threads", "4"));

    Map<String, CrawlDatum> fetched = Segments.readFetch(conf, segment);
    assertEquals(8, fetched.size());
    assertEquals(CrawlStatus.FETCH_GONE, fetched.get(denying.url("/private")).getStatus());
    assertEquals("0 robots_denied", pst(fetched.get(denying.url("/private"))));
    assertEquals(List.of("/public"), paths(denying.pageRequests()));
    for (String p : new String[] {"/x", "/y"}) {
      CrawlDatum d = fetched.get(tooSlow.url(p));
      assertEquals(CrawlStatus.FETCH_GONE, d.getStatus());
      assertTrue(pst(d), pst(d).startsWith("0 crawl_delay_too_long"));
    }
    assertTrue(tooSlow.pageRequests().isEmpty());
    assertEquals(CrawlStatus.FETCH_RETRY, fetched.get(down.url("/z")).getStatus());
    assertEquals("0 robots_unavailable http_503", pst(fetched.get(down.url("/z"))));
    assertTrue(down.pageRequests().isEmpty());
    // tdmrep.json is asked where robots.txt lets a page be fetched, not where it cannot be had
    assertEquals(RecordingServer.SITE_FILES, denying.siteFileRequests());
    // robots.txt that denies /private was that page's turn: /public's, with tdmrep.json right
    // before it, comes a delay on
    List<Request> denyingRequests = denying.requests();
    assertEquals(
        List.of("/robots.txt", "/.well-known/tdmrep.json", "/public"), paths(denyingRequests));
    assertGapsAtLeast(denyingRequests.subList(0, 2), 100);
    assertEquals(List.of("/robots.txt"), tooSlow.siteFileRequests());
    assertEquals(List.of("/robots.txt"), down.siteFileRequests());
    assertEquals(3, slow.pageRequests().size());
    assertEquals(RecordingServer.SITE_FILES, slow.siteFileRequests());
    // the Crawl-delay spaces the pages; robots.txt and tdmrep.json come in the first one's turn
    assertEquals(1, maxConcurrent(slow.requests()));
    assertGapsAtLeast(slow.pageRequests(), 1000);
  }

  @Test
  public void theTimeLimitLeavesTheRestUnfetched() throws Exception {
    RecordingServer host = server(2);
    List<String> list = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      list.add(host.url("/page" + i));
    }
    Segments.writeFetchList(conf, segment, "part-r-00000", list);
    conf.set(PolitenessKeys.SERVER_DELAY, "0.5");
    conf.set(FetcherKeys.TIMELIMIT_MINS, "0.05");
    long start = System.currentTimeMillis();

    assertEquals(0, fetch());

    assertTrue(System.currentTimeMillis() - start < 15_000);
    Map<String, CrawlDatum> fetched = Segments.readFetch(conf, segment);
    assertTrue("fetched " + fetched.size(), fetched.size() >= 1 && fetched.size() < 40);
    Set<String> requested = new TreeSet<>();
    for (Request r : host.pageRequests()) {
      requested.add(host.url(r.path()));
    }
    assertEquals("what was not fetched is not in crawl_fetch", requested, fetched.keySet());
  }

  @Test
  public void aFetchedSegmentIsRefusedUnlessForced() throws Exception {
    RecordingServer host = server(2);
    Segments.writeFetchList(conf, segment, "part-r-00000", urls(host, "/1", "/2"));
    conf.set(PolitenessKeys.SERVER_DELAY, "0");
    FileSystem fs = segment.getFileSystem(conf);
    Path marker = new Path(segment, Segment.CRAWL_FETCH + "/earlier");
    fs.mkdirs(marker);

    assertEquals(3, fetch());
    assertTrue(
        stderr,
        stderr.contains("was fetched already (it has crawl_fetch); use -force to fetch it again"));
    assertTrue(fs.exists(marker));
    assertTrue(host.requests().isEmpty());

    assertEquals(0, fetch("-force"));
    assertFalse(fs.exists(marker));
    assertEquals(2, Segments.readFetch(conf, segment).size());
  }

  @Test
  public void userMistakesGetOneLine() throws Exception {
    assertEquals(3, fetch());
    assertTrue(stderr, stderr.contains("trawler fetch: no segment at " + segment));

    segment.getFileSystem(conf).mkdirs(segment);
    assertEquals(3, fetch());
    assertTrue(stderr, stderr.contains(segment + " has no crawl_generate"));

    Segments.writeFetchList(conf, segment, "part-r-00000", List.of("http://127.0.0.2:1/"));
    assertEquals(2, fetch("-threads", "0"));
    assertTrue(stderr, stderr.contains("usage: bin/crawl fetch <segment> [-threads N] [-force]"));

    conf.set(ProtocolKeys.PROTOCOL_CLASS, "org.example.NoSuchProtocol");
    assertEquals(2, fetch());
    assertTrue(
        stderr,
        stderr.contains(
            "fetcher.protocol.class: class org.example.NoSuchProtocol is not on the classpath"));
    assertFalse(stderr, stderr.contains("\tat "));
  }
}
