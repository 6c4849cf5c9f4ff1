package org.trawler.jobs.sitemap;

import static org.junit.Assert.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;

/** One site's sitemaps read through a scripted source: discovery, indexes, cross-host rule. */
public class SiteSitemapsTest {
  private static final long NOW = 1_700_000_000_000L;

  /** Files by URL, robots.txt sitemaps by host; records what was fetched. */
  private static final class Scripted implements SiteSitemaps.Source {
    final Map<String, ProtocolOutput> files = new HashMap<>();
    final Map<String, List<String>> robots = new HashMap<>();
    final List<String> fetched = new ArrayList<>();

    Scripted file(String url, byte[] body, String type) {
      files.put(url, ProtocolOutput.success(200, new Content(url, url, body, type, false)));
      return this;
    }

    @Override
    public ProtocolOutput fetch(String url) {
      fetched.add(url);
      return files.getOrDefault(url, ProtocolOutput.gone(404, Reason.HTTP, ""));
    }

    @Override
    public List<String> robotsSitemaps(String url) {
      String host = url.replaceFirst("^https?://", "").replaceFirst("[:/].*$", "");
      return robots.getOrDefault(host, List.of());
    }
  }

  private static final class Collected implements SiteSitemaps.Sink {
    final Map<String, CrawlDatum> entries = new TreeMap<>();
    final Map<SitemapCounter, Long> counts = new HashMap<>();

    @Override
    public void entry(String url, CrawlDatum entry) {
      entries.put(url, entry);
    }

    @Override
    public void count(SitemapCounter counter, long n) {
      counts.merge(counter, n, Long::sum);
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] gzip(String s) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(utf8(s));
    }
    return out.toByteArray();
  }

  private static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

  private SiteSitemaps reader(Scripted source, int maxDepth, boolean strict, boolean useDefault) {
    return new SiteSitemaps(
        source,
        new SitemapReader(50000, 52428800, 30_000),
        new SitemapMapping(60, 90 * 86400, 30 * 86400),
        null,
        null,
        maxDepth,
        strict,
        useDefault);
  }

  private Scripted site() throws Exception {
    Scripted s = new Scripted();
    s.robots.put("a.test", List.of("http://a.test/index.xml.gz"));
    s.robots.put("b.test", List.of("http://a.test/s2.xml"));
    s.file(
        "http://a.test/index.xml.gz",
        gzip(
            "<?xml version=\"1.0\"?><sitemapindex xmlns=\""
                + NS
                + "\"><sitemap><loc>http://a.test/s1.txt</loc></sitemap>"
                + "<sitemap><loc>http://a.test/s2.xml</loc></sitemap></sitemapindex>"),
        "application/gzip");
    s.file(
        "http://a.test/s1.txt", utf8("http://a.test/deep1\nhttp://a.test/deep2\n"), "text/plain");
    s.file(
        "http://a.test/s2.xml",
        utf8(
            "<?xml version=\"1.0\"?><urlset xmlns=\""
                + NS
                + "\"><url><loc>http://a.test/deep3</loc><changefreq>hourly</changefreq>"
                + "<priority>0.9</priority></url>"
                + "<url><loc>http://b.test/cross</loc></url>"
                + "<url><loc>http://c.test/refused</loc></url></urlset>"),
        "application/xml");
    return s;
  }

  @Test
  public void robotsSitemapsAndTheirGzipIndexGiveEveryUrlTheCrossSubmitRuleAllows()
      throws Exception {
    Collected out = new Collected();
    reader(site(), 2, true, true).read("http://a.test", List.of(), NOW, out);
    assertEquals(
        List.of(
            "http://a.test/deep1",
            "http://a.test/deep2",
            "http://a.test/deep3",
            "http://b.test/cross"),
        new ArrayList<>(out.entries.keySet()));
    assertEquals(3600, out.entries.get("http://a.test/deep3").getFetchInterval());
    assertEquals(0.9f, out.entries.get("http://a.test/deep3").getScore(), 1e-6);
    assertEquals(1L, (long) out.counts.get(SitemapCounter.CROSS_HOST_REFUSED));
    assertEquals(3L, (long) out.counts.get(SitemapCounter.PARSED));
    assertEquals(1L, (long) out.counts.get(SitemapCounter.INDEXES));
  }

  @Test
  public void withoutStrictEveryHostIsAccepted() throws Exception {
    Collected out = new Collected();
    reader(site(), 2, false, true).read("http://a.test", List.of(), NOW, out);
    assertEquals(5, out.entries.size());
  }

  @Test
  public void indexesDeeperThanTheLimitAreCountedNotRead() throws Exception {
    Collected out = new Collected();
    Scripted s = site();
    reader(s, 0, true, true).read("http://a.test", List.of(), NOW, out);
    assertEquals(0, out.entries.size());
    assertEquals(2L, (long) out.counts.get(SitemapCounter.TOO_DEEP));
    assertEquals(List.of("http://a.test/index.xml.gz"), s.fetched);
  }

  @Test
  public void aSiteNamingNoSitemapIsAskedForSitemapXmlUnlessTurnedOff() throws Exception {
    Scripted s = new Scripted();
    Collected out = new Collected();
    reader(s, 2, true, true).read("http://d.test:8080", List.of(), NOW, out);
    assertEquals(List.of("http://d.test:8080/sitemap.xml"), s.fetched);
    assertEquals(1L, (long) out.counts.get(SitemapCounter.NOT_FETCHED));
    Scripted none = new Scripted();
    reader(none, 2, true, false).read("http://d.test:8080", List.of(), NOW, new Collected());
    assertEquals(List.of(), none.fetched);
  }

  @Test
  public void aTruncatedFileIsTooLarge() throws Exception {
    Scripted s = new Scripted();
    s.robots.put("a.test", List.of("http://a.test/big.xml"));
    s.files.put(
        "http://a.test/big.xml",
        ProtocolOutput.success(
            200, new Content("http://a.test/big.xml", "", new byte[10], "application/xml", true)));
    Collected out = new Collected();
    reader(s, 2, true, true).read("http://a.test", List.of(), NOW, out);
    assertEquals(1L, (long) out.counts.get(SitemapCounter.TOO_LARGE));
  }
}
