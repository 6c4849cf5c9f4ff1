package org.trawler.simweb;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.xwpf.extractor.XWPFWordExtractor;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.apache.poi.xwpf.usermodel.XWPFHyperlink;
import org.junit.Test;
import org.trawler.simweb.SiteModel.DocType;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * simweb's documents ({@code --docs-pct}): each type is written by the library that reads it back
 * with the model's words, title, author and links; feeds link pages nothing else links to, PDFs an
 * annex only they link to; one PDF is over 5 MB, one is served as application/octet-stream, one
 * feed as text/xml; and a site without documents is served byte for byte as before.
 */
public class SiteDocumentsTest {

  /** A site where every type of document occurs, on host 0 too. */
  static SiteModel documentSite() {
    return SiteModel.builder()
        .hosts(3)
        .pages(60)
        .outlinks(4)
        .pageKb(2)
        .seed(11)
        .docsPct(40)
        .build();
  }

  /**
   * SHA-256 of every answer of the default site (10 hosts x 100 pages, all URLs and robots.txt) and
   * its link graph, as computed before documents existed.
   */
  private static final String DEFAULT_SITE_SHA256 =
      "a4138b531165bf679de6d97f2eec988792a4714da78039b3d319ed5bbd35ead1";

  @Test
  public void defaultSiteIsServedByteForByteAsBeforeDocuments() throws Exception {
    SiteModel web = SiteModel.builder().profile(SiteProfile.DEFAULT).build();
    assertEquals(DEFAULT_SITE_SHA256, DefaultSiteDigest.of(web));
  }

  @Test
  public void aShareOfOkPagesAreDocumentsOfEveryType() {
    SiteModel web = documentSite();
    Set<DocType> types = EnumSet.noneOf(DocType.class);
    Set<DocType> onHost0 = EnumSet.noneOf(DocType.class);
    int ok = 0;
    for (int h = 0; h < web.hosts(); h++) {
      for (int p = 0; p < web.pagesPerHost(); p++) {
        String url = web.pageUrl(h, p);
        DocType type = web.docType(url);
        if (web.kindOf(url) == SiteModel.Kind.OK) {
          ok++;
        } else {
          assertNull(url, type);
        }
        if (type != null) {
          types.add(type);
          if (h == 0) {
            onHost0.add(type);
          }
          assertEquals(url, SiteModel.DOC_PREFIX + p + "." + type.extension(), path(url));
        }
      }
    }
    assertEquals(EnumSet.allOf(DocType.class), types);
    assertTrue(onHost0.contains(DocType.PDF) && onHost0.contains(DocType.RSS));
    int docs = web.documentUrls().size();
    assertTrue(docs + " documents of " + ok, docs > ok * 0.3 && docs < ok * 0.5);
  }

  @Test
  public void pdfsCarryTheModelsTextTitleAuthorAndLinksAsUriAnnotations() throws Exception {
    SiteModel web = documentSite();
    int checked = 0;
    for (String url : documentsOf(web, DocType.PDF)) {
      if (web.isBigPdf(url)) {
        continue; // pdfOver5MbIsBigButStillReadable
      }
      try (PDDocument pdf = Loader.loadPDF(bytesOf(web, url))) {
        assertEquals(web.titleOf(url), pdf.getDocumentInformation().getTitle());
        assertEquals(web.authorOf(url), pdf.getDocumentInformation().getAuthor());
        String text = new PDFTextStripper().getText(pdf);
        assertTrue(text, text.contains(web.documentWord(url)));
        assertEquals(web.outlinksOf(url), uris(pdf));
      }
      List<String> links = web.outlinksOf(url);
      String annex = links.get(links.size() - 1);
      assertTrue(annex, web.isOnlyLinkedFromDocument(annex));
      assertTrue(annex, path(annex).startsWith(SiteModel.ANNEX_PREFIX));
      checked++;
    }
    assertTrue(checked >= 2);
  }

  @Test
  public void pdfOver5MbIsBigButStillReadable() throws Exception {
    SiteModel web = documentSite();
    List<String> big = new ArrayList<>();
    for (String url : web.documentUrls()) {
      if (web.isBigPdf(url)) {
        big.add(url);
      }
    }
    assertEquals(1, big.size());
    byte[] bytes = bytesOf(web, big.get(0));
    assertTrue(bytes.length + " bytes", bytes.length > 5 * 1024 * 1024);
    try (PDDocument pdf = Loader.loadPDF(bytes)) {
      assertTrue(new PDFTextStripper().getText(pdf).contains(web.documentWord(big.get(0))));
      assertEquals(web.outlinksOf(big.get(0)), uris(pdf));
    }
  }

  @Test
  public void onePdfIsServedAsOctetStreamAndOneFeedAsTextXml() {
    SiteModel web = documentSite();
    List<String> octet = new ArrayList<>();
    List<String> xml = new ArrayList<>();
    for (String url : web.documentUrls()) {
      String served = web.servedType(url);
      SiteResponses.Response r = response(web, url);
      assertEquals(url, served, r.headers().get("Content-Type"));
      if (served.equals("application/octet-stream")) {
        octet.add(url);
        assertEquals(DocType.PDF, web.docType(url));
        assertFalse(web.isBigPdf(url));
      } else if (served.startsWith("text/xml")) {
        xml.add(url);
        assertEquals(DocType.RSS, web.docType(url));
      } else {
        assertTrue(url + " " + served, served.startsWith(web.docType(url).mimeType()));
      }
    }
    assertEquals(1, octet.size());
    assertEquals(1, xml.size());
  }

  @Test
  public void docxCarryTheModelsTextTitleAuthorAndHyperlinks() throws Exception {
    SiteModel web = documentSite();
    List<String> docs = documentsOf(web, DocType.DOCX);
    assertFalse(docs.isEmpty());
    for (String url : docs) {
      try (XWPFDocument docx = new XWPFDocument(new ByteArrayInputStream(bytesOf(web, url)))) {
        var core = docx.getProperties().getCoreProperties();
        assertEquals(web.titleOf(url), core.getTitle());
        assertEquals(web.authorOf(url), core.getCreator());
        try (XWPFWordExtractor text = new XWPFWordExtractor(docx)) {
          assertTrue(text.getText().contains(web.documentWord(url)));
        }
        List<String> links = new ArrayList<>();
        for (XWPFHyperlink link : docx.getHyperlinks()) {
          links.add(link.getURL());
        }
        assertEquals(web.outlinksOf(url), links);
      }
    }
  }

  @Test
  public void odtCarryTheModelsTextTitleAuthorAndLinks() throws Exception {
    SiteModel web = documentSite();
    List<String> docs = documentsOf(web, DocType.ODT);
    assertFalse(docs.isEmpty());
    for (String url : docs) {
      Map<String, byte[]> zip = unzip(bytesOf(web, url));
      assertEquals(DocType.ODT.mimeType(), new String(zip.get("mimetype"), StandardCharsets.UTF_8));
      Document content = xml(zip.get("content.xml"));
      assertTrue(content.getDocumentElement().getTextContent().contains(web.documentWord(url)));
      NodeList anchors = content.getElementsByTagName("text:a");
      List<String> links = new ArrayList<>();
      for (int i = 0; i < anchors.getLength(); i++) {
        links.add(((Element) anchors.item(i)).getAttribute("xlink:href"));
      }
      assertEquals(web.outlinksOf(url), links);
      Document meta = xml(zip.get("meta.xml"));
      assertEquals(
          web.titleOf(url), meta.getElementsByTagName("dc:title").item(0).getTextContent());
      assertEquals(
          web.authorOf(url), meta.getElementsByTagName("dc:creator").item(0).getTextContent());
    }
  }

  @Test
  public void plainTextIsTheDocumentsLinesWithoutLinks() {
    SiteModel web = documentSite();
    List<String> docs = documentsOf(web, DocType.TEXT);
    assertFalse(docs.isEmpty());
    for (String url : docs) {
      assertEquals(
          String.join("\n", web.documentLines(url)) + "\n",
          new String(bytesOf(web, url), StandardCharsets.UTF_8));
      assertEquals(List.of(), web.outlinksOf(url));
      assertNull(web.authorOf(url));
    }
  }

  @Test
  public void feedItemsLinkNewsPagesNothingElseLinksToWithTitlesAndDates() throws Exception {
    SiteModel web = documentSite();
    List<String> feeds = new ArrayList<>(documentsOf(web, DocType.RSS));
    feeds.addAll(documentsOf(web, DocType.ATOM));
    Set<String> news = new HashSet<>();
    for (String feed : feeds) {
      List<SiteModel.FeedItem> items = web.feedItems(feed);
      List<String> itemUrls = new ArrayList<>();
      for (SiteModel.FeedItem item : items) {
        itemUrls.add(item.url());
        assertEquals(web.titleOf(item.url()), item.title());
      }
      assertEquals(web.outlinksOf(feed), itemUrls);
      for (int i = 0; i < SiteModel.NEWS_PER_FEED; i++) {
        assertTrue(path(itemUrls.get(i)).startsWith(SiteModel.NEWS_PREFIX));
        assertEquals(SiteModel.Kind.OK, web.kindOf(itemUrls.get(i)));
        news.add(itemUrls.get(i));
      }
      long gap = web.feedItemGapHours(feed) * 3_600_000L;
      for (int i = 1; i < items.size(); i++) {
        assertEquals(
            gap,
            items.get(i - 1).published().toEpochMilli() - items.get(i).published().toEpochMilli());
      }
      Document xml = xml(bytesOf(web, feed));
      boolean rss = web.docType(feed) == DocType.RSS;
      NodeList entries = xml.getElementsByTagName(rss ? "item" : "entry");
      assertEquals(items.size(), entries.getLength());
      for (int i = 0; i < items.size(); i++) {
        Element entry = (Element) entries.item(i);
        String link =
            rss
                ? entry.getElementsByTagName("link").item(0).getTextContent()
                : ((Element) entry.getElementsByTagName("link").item(0)).getAttribute("href");
        assertEquals(items.get(i).url(), link);
        String title = entry.getElementsByTagName("title").item(0).getTextContent();
        assertEquals(items.get(i).title(), title);
        if (!rss) {
          assertEquals(
              items.get(i).published(),
              Instant.parse(entry.getElementsByTagName("published").item(0).getTextContent()));
        }
      }
    }
    assertTrue(news.size() >= 2 * SiteModel.NEWS_PER_FEED);
    // nothing but a feed links a news page, nothing but a PDF an annex page
    for (String url : web.allUrls()) {
      if (web.kindOf(url) != SiteModel.Kind.OK) {
        continue;
      }
      for (String to : web.outlinksOf(url)) {
        if (web.isOnlyLinkedFromDocument(to)) {
          DocType from = web.docType(url);
          assertTrue(url + " -> " + to, from != null);
          assertEquals(from.isFeed(), path(to).startsWith(SiteModel.NEWS_PREFIX));
        }
      }
    }
    Map<String, Integer> depths = web.linkDepths();
    for (String feed : feeds) {
      if (depths.containsKey(feed)) {
        for (SiteModel.FeedItem item : web.feedItems(feed)) {
          assertTrue(item.url(), depths.get(item.url()) <= depths.get(feed) + 1);
        }
      }
    }
  }

  @Test
  public void documentsAreTheSameBytesEveryTimeAndDocumentPathsOnly() {
    SiteModel web = documentSite();
    for (String url : web.documentUrls()) {
      if (web.isBigPdf(url)) {
        continue;
      }
      assertArrayEquals(url, bytesOf(web, url), bytesOf(web, url));
      int p = Integer.parseInt(path(url).replaceAll("\\D", ""));
      int host = web.hostIndex(url.substring(7, url.indexOf(':', 7)));
      assertEquals(404, new SiteResponses(web).get(host, "/p/" + p + ".html", null).status());
      assertEquals(404, new SiteResponses(web).get(host, "/d/" + p + ".html", null).status());
    }
    assertEquals(404, new SiteResponses(web).get(0, "/news/0-9.html", null).status());
    assertEquals(404, new SiteResponses(web).get(0, "/annex/x-0.html", null).status());
  }

  // ---- helpers ----

  private static List<String> documentsOf(SiteModel web, DocType type) {
    List<String> urls = new ArrayList<>();
    for (String url : web.documentUrls()) {
      if (web.docType(url) == type) {
        urls.add(url);
      }
    }
    return urls;
  }

  private static String path(String url) {
    return url.substring(url.indexOf('/', 8));
  }

  static SiteResponses.Response response(SiteModel web, String url) {
    int host = web.hostIndex(url.substring(7, url.indexOf(':', 7)));
    return new SiteResponses(web).get(host, path(url), null);
  }

  static byte[] bytesOf(SiteModel web, String url) {
    SiteResponses.Response r = response(web, url);
    assertEquals(url, 200, r.status());
    return r.body();
  }

  private static List<String> uris(PDDocument pdf) throws Exception {
    List<String> uris = new ArrayList<>();
    for (PDPage page : pdf.getPages()) {
      for (PDAnnotation a : page.getAnnotations()) {
        if (a instanceof PDAnnotationLink link && link.getAction() instanceof PDActionURI uri) {
          uris.add(uri.getURI());
        }
      }
    }
    return uris;
  }

  private static Map<String, byte[]> unzip(byte[] bytes) throws Exception {
    Map<String, byte[]> entries = new java.util.LinkedHashMap<>();
    try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(bytes))) {
      for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
        entries.put(e.getName(), zip.readAllBytes());
      }
    }
    return entries;
  }

  private static Document xml(byte[] bytes) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return f.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
  }
}
