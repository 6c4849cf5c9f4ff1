package org.trawler.jobs.parse;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.SimHash;
import org.trawler.core.parse.filter.FilterKeys;
import org.trawler.core.scoring.ScoringKeys;
import org.trawler.core.scoring.TopicScoringFilter;

public class SegmentParserTest {
  private static final String PAGE = "http://example.com/index.html";

  private static List<Object[]> parse(Configuration conf, Content content) throws Exception {
    List<Object[]> records = new ArrayList<>();
    try (SegmentParser parser = new SegmentParser(conf)) {
      parser.parse(
          new Text(PAGE),
          content,
          1234L,
          (k, v) -> records.add(new Object[] {k.toString(), v.get()}));
    }
    return records;
  }

  private static Configuration conf() {
    Configuration conf = new Configuration(false);
    Pages.withoutUrlPlugins(conf);
    return conf;
  }

  @Test
  public void pageGivesDataTextSignatureAndOneLinkedDatumPerOutlink() throws Exception {
    String html =
        "<title>Home</title><p>Hi</p><a href='/a'>A</a><a href='/a#x'>A again</a>"
            + "<a href='http://other.example.org/'>O</a>";
    Configuration conf = conf();
    conf.setFloat(ScoringKeys.LINK_EXTERNAL, 0.5f);
    List<Object[]> records = parse(conf, Pages.html(PAGE, html, 3.0f, 2));

    assertEquals(5, records.size());
    assertEquals(PAGE, records.get(0)[0]);
    assertEquals("Home", ((ParseData) records.get(0)[1]).getTitle());
    assertEquals(PAGE, records.get(1)[0]);
    assertEquals("Hi AA againO", ((ParseText) records.get(1)[1]).getText());
    CrawlDatum signature = (CrawlDatum) records.get(2)[1];
    assertEquals(PAGE, records.get(2)[0]);
    assertEquals(CrawlStatus.SIGNATURE, signature.getStatus());
    assertArrayEquals(
        MessageDigest.getInstance("MD5").digest(html.getBytes(StandardCharsets.UTF_8)),
        signature.getSignature());

    assertEquals("http://example.com/a", records.get(3)[0]);
    CrawlDatum internal = (CrawlDatum) records.get(3)[1];
    assertEquals(CrawlStatus.LINKED, internal.getStatus());
    assertEquals(1.5f, internal.getScore(), 0f);
    assertEquals(3, internal.getDepth());
    assertEquals(1234L, internal.getFetchTime());
    assertEquals("http://other.example.org/", records.get(4)[0]);
    assertEquals(0.75f, ((CrawlDatum) records.get(4)[1]).getScore(), 0f);
  }

  @Test
  public void withParserMarkdownTheTextRecordCarriesThePagesMarkdown() throws Exception {
    String html = "<title>Home</title><h1>Hi</h1><p>See <a href='/a'>the <b>A</b> page</a>.</p>";
    Configuration conf = conf();
    assertEquals("", ((ParseText) parse(conf, Pages.html(PAGE, html)).get(1)[1]).getMarkdown());
    conf.setBoolean(FilterKeys.MARKDOWN, true);
    ParseText text = (ParseText) parse(conf, Pages.html(PAGE, html)).get(1)[1];
    assertEquals("Hi See the A page.", text.getText());
    assertEquals("# Hi\n\nSee [the **A** page](http://example.com/a).", text.getMarkdown());
  }

  /** A story of about 130 words, as a news page's article holds it. */
  private static final String STORY =
      "<p>The harbour commission met on Tuesday evening to decide the future of the old grain"
          + " warehouse that has stood empty at the end of the northern pier since the mills"
          + " closed. Residents, fishermen and shop owners filled the council chamber.</p>"
          + "<p>The proposal would turn the building into a covered market on the ground floor,"
          + " with workshops and a small museum of the port above it. Supporters said the"
          + " market would bring visitors back to a part of the town that most people only"
          + " drive through on their way to the ferry. Several fishermen were less sure: they"
          + " worry that vans and tourists would block the quay where they land their catch"
          + " early in the morning. The vote is expected in the autumn, after the engineers"
          + " have finished their survey of the pier.</p>";

  private static CrawlDatum signatureOf(List<Object[]> records) {
    return (CrawlDatum) records.get(2)[1];
  }

  @Test
  public void aPageWithEnoughTextGetsItsFingerprintInParseDataAndOnItsSignature() throws Exception {
    String html =
        "<html><head><title>Pier</title><link rel=canonical href='http://www.example.com/pier'>"
            + "</head><body>"
            + STORY
            + "</body></html>";
    List<Object[]> records = parse(conf(), Pages.html(PAGE, html));
    ParseData data = (ParseData) records.get(0)[1];
    String text = ((ParseText) records.get(1)[1]).getText();
    long expected =
        new SimHash(ParseJobKeys.DEFAULT_FINGERPRINT_WORDS_MIN).fingerprint(text).getAsLong();
    assertEquals(SimHash.hex(expected), data.getMeta().get(ParseData.META_FINGERPRINT));
    CrawlDatum signature = signatureOf(records);
    assertEquals(expected, signature.getMetaLong(MetadataKeys.FINGERPRINT, 0));
    assertEquals("http://www.example.com/pier", signature.getMetaString(MetadataKeys.CANONICAL));
  }

  @Test
  public void aShortPageOrOneNamingItselfCanonicalGetsNeither() throws Exception {
    List<Object[]> short_ =
        parse(conf(), Pages.html(PAGE, "<title>Not found</title><p>No such page here.</p>"));
    assertFalse(((ParseData) short_.get(0)[1]).getMeta().containsKey(ParseData.META_FINGERPRINT));
    assertTrue(signatureOf(short_).getMetadata().isEmpty());
    List<Object[]> self =
        parse(conf(), Pages.html(PAGE, "<link rel=canonical href='" + PAGE + "'>" + STORY));
    assertTrue(signatureOf(self).getMetadata().containsKey(MetadataKeys.FINGERPRINT));
    assertFalse(signatureOf(self).getMetadata().containsKey(MetadataKeys.CANONICAL));
    Configuration strict = conf();
    strict.setInt(ParseJobKeys.FINGERPRINT_WORDS_MIN, 500);
    assertFalse(
        signatureOf(parse(strict, Pages.html(PAGE, STORY)))
            .getMetadata()
            .containsKey(MetadataKeys.FINGERPRINT));
  }

  @Test
  public void withMainContentTheSameStoryUnderAnotherFooterHasTheSameFingerprint()
      throws Exception {
    Configuration conf = conf();
    conf.set(FilterKeys.CONTENT, "main");
    String page =
        "<html><body><header><nav><a href='/'>Home</a> <a href='/news'>News</a></nav></header>"
            + "<article><h1>Pier</h1>%s</article>"
            + "<footer><p>%s</p></footer></body></html>";
    long original =
        signatureOf(
                parse(
                    conf,
                    Pages.html(
                        PAGE,
                        String.format(
                            page,
                            STORY,
                            "Copyright the Amber Gazette, all rights reserved. Contact us, privacy, terms."))))
            .getMetaLong(MetadataKeys.FINGERPRINT, 0);
    long mirrored =
        signatureOf(
                parse(
                    conf,
                    Pages.html(
                        PAGE,
                        String.format(
                            page,
                            STORY,
                            "Printed from the mirror of the Amber Gazette for your reading pleasure; share this page with your friends and family."))))
            .getMetaLong(MetadataKeys.FINGERPRINT, 0);
    assertTrue(original != 0);
    assertEquals(original, mirrored);
  }

  @Test
  public void pageWithoutScoreOrDepthSharesOneAndLinksAtDepthOne() throws Exception {
    List<Object[]> records =
        parse(conf(), Pages.html(PAGE, "<a href='/a'>A</a><a href='/b'>B</a>"));
    CrawlDatum link = (CrawlDatum) records.get(3)[1];
    assertEquals(0.5f, link.getScore(), 0f);
    assertEquals(1, link.getDepth());
  }

  @Test
  public void nonHtmlPageGetsRecordsButNoLinks() throws Exception {
    Content image = new Content(PAGE, PAGE, new byte[] {1, 2, 3}, "image/gif", false);
    List<Object[]> records = parse(conf(), image);
    assertEquals(3, records.size());
    assertEquals(ParseData.NOT_PARSED, ((ParseData) records.get(0)[1]).getStatus());
    assertEquals(CrawlStatus.SIGNATURE, ((CrawlDatum) records.get(2)[1]).getStatus());
  }

  @Test
  public void everyRecordIsAParseRecord() throws Exception {
    for (Object[] r : parse(conf(), Pages.html(PAGE, "<a href='/a'>A</a>"))) {
      assertTrue(String.valueOf(r[1]), ParseOutputFormat.isParseRecord((Writable) r[1]));
    }
    assertFalse(ParseOutputFormat.isParseRecord(new CrawlDatum(CrawlStatus.FETCH_SUCCESS, 0, 1f)));
    assertFalse(ParseOutputFormat.isParseRecord(new Content()));
  }

  @Test
  public void returnsTheParseResult() throws Exception {
    try (SegmentParser parser = new SegmentParser(conf())) {
      ParseResult r =
          parser.parse(new Text(PAGE), Pages.html(PAGE, "<a href='/a'>A</a>"), 0L, (k, v) -> {});
      assertEquals(1, r.outlinks().size());
    }
  }

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void theTopicFilterMarksThePagesRelevanceAndItsOutlinksInheritedShare() throws Exception {
    java.io.File topic = tmp.newFile("topic.txt");
    java.nio.file.Files.writeString(topic.toPath(), "telescope\norbit\n");
    Configuration conf = conf();
    conf.set(ScoringKeys.FILTERS, "opic topic");
    conf.set(ScoringKeys.TOPIC_FILE, topic.getPath());
    conf.set(ScoringKeys.TOPIC_DECAY, "0.5");
    List<Object[]> records =
        parse(conf, Pages.html(PAGE, "<p>Telescope orbit kettle</p><a href='/a'>A</a>"));
    assertEquals(4, records.size());
    // the terms are telescope, orbit, kettle ("A" is too short): 2 of 3, cosine 2 / (sqrt 2 * sqrt
    // 3)
    float relevance = (float) (2 / Math.sqrt(6));
    assertEquals(relevance, TopicScoringFilter.relevance(signatureOf(records)), 1e-6f);
    CrawlDatum link = (CrawlDatum) records.get(3)[1];
    assertEquals(relevance / 2, TopicScoringFilter.relevance(link), 1e-6f);
    assertEquals("OPIC's share as before", 1f, link.getScore(), 0f);
  }
}
