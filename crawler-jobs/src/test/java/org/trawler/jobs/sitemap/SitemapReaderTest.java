package org.trawler.jobs.sitemap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.Test;

/** Sitemap files good and bad: each bad one ends as a counter, never an exception. */
public class SitemapReaderTest {
  private final SitemapReader reader = new SitemapReader(50000, 52428800, 30_000);

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] gzip(byte[] content) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(content);
    }
    return out.toByteArray();
  }

  private static String urlset(String... locs) {
    StringBuilder b =
        new StringBuilder(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for (String loc : locs) {
      b.append("<url><loc>")
          .append(loc)
          .append("</loc><lastmod>2024-01-02</lastmod><changefreq>daily</changefreq>")
          .append("<priority>0.8</priority></url>\n");
    }
    return b.append("</urlset>\n").toString();
  }

  @Test
  public void anXmlSitemapGivesItsUrlsWithLastmodChangefreqAndPriority() {
    SitemapReader.Result r =
        reader.read(
            "http://a.test/sitemap.xml", utf8(urlset("http://a.test/x")), "application/xml");
    assertNull(r.problem());
    assertEquals(1, r.urls().size());
    assertEquals("http://a.test/x", r.urls().get(0).getUrl().toString());
    assertEquals(0.8, r.urls().get(0).getPriority(), 1e-9);
    assertEquals("DAILY", r.urls().get(0).getChangeFrequency().name());
  }

  @Test
  public void aTextSitemapGivesOneUrlPerLine() {
    SitemapReader.Result r =
        reader.read(
            "http://a.test/urls.txt", utf8("http://a.test/1\nhttp://a.test/2\n"), "text/plain");
    assertEquals(2, r.urls().size());
  }

  @Test
  public void aGzipIndexGivesItsSitemaps() throws Exception {
    String index =
        "<?xml version=\"1.0\"?><sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
            + "<sitemap><loc>http://a.test/s1.txt</loc></sitemap>"
            + "<sitemap><loc>http://a.test/s2.xml</loc></sitemap></sitemapindex>";
    SitemapReader.Result r =
        reader.read("http://a.test/index.xml.gz", gzip(utf8(index)), "application/gzip");
    assertNull(r.problem());
    assertEquals(List.of("http://a.test/s1.txt", "http://a.test/s2.xml"), r.sitemaps());
  }

  @Test
  public void aTruncatedGzipEndsAsACounter() throws Exception {
    byte[] whole = gzip(utf8(urlset("http://a.test/x", "http://a.test/y")));
    byte[] cut = Arrays.copyOf(whole, whole.length / 2);
    SitemapReader.Result r = reader.read("http://a.test/s.xml.gz", cut, "application/gzip");
    // SiteMapParser cannot tell what the cut stream holds: an unknown format.
    assertEquals(r.message(), SitemapCounter.UNKNOWN_FORMAT, r.problem());
    assertEquals(0, r.urls().size());
  }

  @Test
  public void anXmlBombIsRefused() {
    String bomb =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">"
            + "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
            + "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">]>\n"
            + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
            + "<url><loc>http://a.test/&lol3;</loc></url></urlset>";
    SitemapReader.Result r = reader.read("http://a.test/bomb.xml", utf8(bomb), "application/xml");
    assertEquals(r.message(), 0, r.urls().size());
    // SiteMapParser refuses a DOCTYPE: no entity is ever expanded.
    assertEquals(SitemapCounter.UNKNOWN_FORMAT, r.problem());
  }

  @Test
  public void aWrongContentTypeIsAnUnknownFormat() {
    SitemapReader.Result r =
        reader.read(
            "http://a.test/sitemap.xml", new byte[] {(byte) 0x89, 'P', 'N', 'G'}, "image/png");
    assertEquals(SitemapCounter.UNKNOWN_FORMAT, r.problem());
  }

  @Test
  public void aFileLargerThanTheLimitIsRefusedUnread() {
    byte[] big = new byte[60 * 1024 * 1024];
    SitemapReader.Result r = reader.read("http://a.test/big.xml", big, "application/xml");
    assertEquals(SitemapCounter.TOO_LARGE, r.problem());
  }

  @Test
  public void aHundredThousandUrlsAreCutAtTheLimit() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 100_000; i++) {
      text.append("http://a.test/p").append(i).append('\n');
    }
    SitemapReader.Result r =
        reader.read("http://a.test/many.txt", utf8(text.toString()), "text/plain");
    assertEquals(SitemapCounter.TOO_MANY_URLS, r.problem());
    assertEquals(50000, r.urls().size());
  }

  private static final String BOMB_START =
      "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
          + "<url><loc>http://a.test/";

  private static byte[] gzipBomb(long bytes) {
    return GzipBomb.of(BOMB_START, bytes);
  }

  @Test
  public void aTenGigabyteGzipBombIsReadWithBoundedMemory() {
    byte[] bomb = gzipBomb(10L << 30); // 10 GB inflated, about 10 MB here
    assertTrue(bomb.length < 16 * 1024 * 1024);
    int limit = 16 * 1024 * 1024; // above the bomb's compressed size, which is checked first
    SitemapReader small = new SitemapReader(50000, limit, 30_000);
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    SitemapReader.Result r = small.read("http://a.test/bomb.xml.gz", bomb, "application/gzip");
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    assertEquals(r.message(), SitemapCounter.TOO_LARGE, r.problem());
    assertEquals("more than 16777216 bytes decompressed, sitemap.size.max", r.message());
    assertEquals(0, r.urls().size());
    // sitemap.size.max held, in buffers that grew to it: a few times the limit, never 10 GB
    assertTrue("allocated " + allocated + " bytes", allocated < 5L * limit);
  }

  @Test
  public void aGzipBombStopsAtTheSizeLimitCountedDecompressed() throws Exception {
    SitemapReader small = new SitemapReader(50000, 1024 * 1024, 30_000);
    byte[] bomb = gzipBomb(64L * 1024 * 1024); // 64 MB inflated, 64 KB sent
    assertTrue(bomb.length < 1024 * 1024);
    SitemapReader.Result r = small.read("http://a.test/bomb.xml.gz", bomb, "application/gzip");
    assertEquals(r.message(), SitemapCounter.TOO_LARGE, r.problem());
    assertEquals("more than 1048576 bytes decompressed, sitemap.size.max", r.message());
    assertEquals(0, r.urls().size());
    // whatever its name or type says
    assertEquals(SitemapCounter.TOO_LARGE, small.read("http://a.test/s.xml", bomb, "").problem());
  }

  @Test
  public void aGzipInsideAGzipIsInflatedWithinTheLimitToo() throws Exception {
    byte[] twice = gzip(gzip(utf8(urlset("http://a.test/x"))));
    SitemapReader.Result r = reader.read("http://a.test/s.xml.gz", twice, "application/x-gzip");
    assertNull(r.message(), r.problem());
    assertEquals(1, r.urls().size());
    SitemapReader small = new SitemapReader(50000, 1024 * 1024, 30_000);
    byte[] bombInABomb = gzip(gzipBomb(16L * 1024 * 1024));
    assertEquals(
        SitemapCounter.TOO_LARGE,
        small.read("http://a.test/b.xml.gz", bombInABomb, "application/gzip").problem());
    SitemapReader.Result thrice =
        reader.read("http://a.test/s.xml.gz", gzip(twice), "application/gzip");
    assertEquals(SitemapCounter.UNKNOWN_FORMAT, thrice.problem());
    assertEquals("gzip inside gzip inside gzip", thrice.message());
  }

  @Test
  public void aSitemapDecodedAlreadyButServedAsGzipIsRead() {
    SitemapReader.Result r =
        reader.read(
            "http://a.test/s.xml.gz", utf8(urlset("http://a.test/x")), "application/x-gzip");
    assertNull(r.message(), r.problem());
    assertEquals(1, r.urls().size());
  }

  @Test
  public void aSitemapNotReadWithinTheTimeoutIsCountedAndGivesNoUrls() throws Exception {
    // one millisecond for 40 000 entries: the parse is stopped at one of its reads
    SitemapReader hurried = new SitemapReader(50000, 52428800, 1);
    String[] locs = new String[40_000];
    for (int i = 0; i < locs.length; i++) {
      locs[i] = "http://a.test/p" + i;
    }
    byte[] xml = utf8(urlset(locs));
    for (String type : new String[] {"application/xml", ""}) {
      SitemapReader.Result r = hurried.read("http://a.test/slow.xml", xml, type);
      assertEquals(r.message(), SitemapCounter.PARSE_TIMEOUT, r.problem());
      assertEquals("not read within 1 ms, sitemap.parse.timeout", r.message());
      assertEquals(0, r.urls().size());
    }
    StringBuilder text = new StringBuilder();
    for (String loc : locs) {
      text.append(loc).append('\n');
    }
    SitemapReader.Result t =
        hurried.read("http://a.test/slow.txt.gz", gzip(utf8(text.toString())), "");
    assertEquals(t.message(), SitemapCounter.PARSE_TIMEOUT, t.problem());
    // with no limit (0) the same file is read whole
    assertEquals(
        40_000,
        new SitemapReader(50000, 52428800, 0)
            .read("http://a.test/slow.xml", xml, "")
            .urls()
            .size());
  }
}
