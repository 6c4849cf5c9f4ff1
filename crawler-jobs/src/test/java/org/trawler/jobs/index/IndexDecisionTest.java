package org.trawler.jobs.index;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.usage.UsageRequirement;

public class IndexDecisionTest {
  private static final String URL = IndexPages.URL;

  private static IndexDecision decision() {
    return new IndexDecision(true, 1000, 3, FieldMapping.NONE);
  }

  private static IndexDecision.Outcome decide(PageRecords page) {
    return decision().decide(URL, page);
  }

  @Test
  public void fetchedAndParsedPageBecomesADocumentWithEveryField() {
    PageRecords page = IndexPages.page(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS);
    page.add(new IndexRecord("", IndexPages.inlinks("Quokka facts", "quokkas", "Quokka facts")));
    IndexDecision.Outcome o = decide(page);
    assertTrue(o.action().isAdd());
    IndexDocument doc = o.action().document();
    assertEquals(URL, doc.id());
    assertEquals(URL, doc.first("url"));
    assertEquals("www.example.co.uk", doc.first("host"));
    assertEquals("example.co.uk", doc.first("domain"));
    assertEquals("Quokkas", doc.first("title"));
    assertEquals("A page about quokkas", doc.first("description"));
    assertEquals("quokka, marsupial", doc.first("keywords"));
    assertEquals("Quokkas live on Rottnest Island.", doc.first("content"));
    assertEquals(List.of("Quokka facts", "quokkas"), doc.values("anchor"));
    assertEquals("text/html", doc.first("contentType"));
    assertEquals(1234L, doc.first("contentLength"));
    assertEquals(IndexPages.FETCH_TIME, doc.first("fetchTime"));
    assertEquals(IndexPages.FETCH_TIME - 1000, doc.first("modifiedTime"));
    assertEquals("010203", doc.first("digest"));
    assertEquals(0.5f, doc.first("score"));
    assertEquals(2, doc.first("depth"));
    assertEquals("20240102000000", doc.first("segment"));
  }

  @Test
  public void aDocumentGetsItsDetectedTypeAuthorAndCreationDate() {
    PageRecords page = IndexPages.page(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS);
    assertEquals("text/html", decide(page).action().document().first("type"));
    page.parseData().getMeta().put("type", "application/pdf"); // sent as text/html
    page.parseData().getMeta().put("author", "Ada Lovelace");
    page.parseData().getMeta().put("created", "2024-01-01T00:00:00Z");
    IndexDocument doc = decide(page).action().document();
    assertEquals("application/pdf", doc.first("type"));
    assertEquals("application/pdf", doc.first("contentType"));
    assertEquals("Ada Lovelace", doc.first("author"));
    assertEquals("2024-01-01T00:00:00Z", doc.first("created"));
  }

  @Test
  public void aPagesHeadingsBecomeOneValueEachAndItsPathGivesUrlWords() {
    PageRecords page = IndexPages.page(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS);
    page.parseData().getMeta().put(ParseData.META_HEADINGS, "Quokkas\nWhere they live\nDiet");
    IndexDocument doc = decide(page).action().document();
    assertEquals(List.of("Quokkas", "Where they live", "Diet"), doc.values("headings"));
    assertEquals(URLWords.of(URL), doc.first("urlWords"));
  }

  @Test
  public void urlWordsAreThePathsWordsWithoutItsExtension() {
    assertEquals("manual Tasks copy", URLWords.of("http://h/manual/Tasks/copy.html"));
    assertEquals(
        "docs getting started Hello World 2",
        URLWords.of("http://h/docs/getting-started/HelloWorld_2.md?x=1#top"));
    assertEquals("a b caf\u00e9", URLWords.of("http://h/a%20b/caf%C3%A9"));
    assertEquals("100 off", URLWords.of("http://h/100%off"));
    assertNull(URLWords.of("http://h/"));
    assertNull(URLWords.of("http://h"));
  }

  @Test
  public void goneRedirectDuplicateAndNoIndexPagesAreDeleted() {
    assertDeleted(IndexPages.page(CrawlStatus.DB_GONE, CrawlStatus.FETCH_GONE), DeleteReason.GONE);
    assertDeleted(
        IndexPages.page(CrawlStatus.DB_REDIR_PERM, CrawlStatus.FETCH_REDIR_PERM),
        DeleteReason.REDIRECT);
    assertDeleted(
        IndexPages.page(CrawlStatus.DB_REDIR_TEMP, CrawlStatus.FETCH_REDIR_TEMP),
        DeleteReason.REDIRECT);
    assertDeleted(
        IndexPages.page(CrawlStatus.DB_DUPLICATE, CrawlStatus.FETCH_SUCCESS),
        DeleteReason.DUPLICATE);
    PageRecords noIndex = new PageRecords();
    noIndex.add(new IndexRecord("", IndexPages.db(CrawlStatus.DB_FETCHED)));
    noIndex.add(new IndexRecord(IndexPages.SEGMENT, IndexPages.fetch(CrawlStatus.FETCH_SUCCESS)));
    noIndex.add(new IndexRecord(IndexPages.SEGMENT, IndexPages.noIndex()));
    noIndex.add(new IndexRecord(IndexPages.SEGMENT, new ParseText("")));
    assertDeleted(noIndex, DeleteReason.NOINDEX);
  }

  @Test
  public void aCopyDedupHasJustMarkedIsDeletedThoughNoSegmentFetchedIt() {
    CrawlDatum marked = IndexPages.db(CrawlStatus.DB_DUPLICATE);
    marked.putMeta(MetadataKeys.DUPLICATE_OF, "https://www.example.com/the-one");
    PageRecords older = new PageRecords();
    older.add(new IndexRecord("", marked));
    assertNull("marked in an earlier run: deleted then", decide(older));
    marked.putMeta(MetadataKeys.DUPLICATE_NEW, 1);
    PageRecords justMarked = new PageRecords();
    justMarked.add(new IndexRecord("", marked));
    assertDeleted(justMarked, DeleteReason.DUPLICATE);
    PageRecords unfetched = new PageRecords();
    unfetched.add(new IndexRecord("", IndexPages.db(CrawlStatus.DB_FETCHED)));
    assertNull(decide(unfetched));
  }

  @Test
  public void aPageNamingAnotherCanonicalIsDeletedAndOneNamingItselfIsAdded() {
    assertDeleted(withCanonical("https://www.example.co.uk/the-one"), DeleteReason.NOT_CANONICAL);
    assertTrue(decide(withCanonical(URL)).action().isAdd());
  }

  @Test
  public void aMetaRefreshRedirectNotYetInTheCrawlDbIsDeleted() {
    PageRecords page = withCanonical(URL);
    page.parseData().getMeta().put(ParseData.META_REFRESH, "https://www.example.co.uk/new");
    assertDeleted(page, DeleteReason.REDIRECT);
  }

  @Test
  public void theOwnersSignalsAreKeywordFieldsAndARefusedRequiredUsageLeavesTheIndex() {
    PageRecords page = withCanonical(URL);
    page.parseData().getMeta().put("usage.ai-train", "no");
    page.parseData().getMeta().put("usage.ai-train.from", "robots.txt:*");
    page.parseData().getMeta().put("robots.nosnippet", "yes");
    IndexDocument doc = decide(page).action().document();
    assertEquals("no", doc.first("usage.ai-train"));
    assertEquals("yes", doc.first("robots.nosnippet"));
    assertNull(doc.first("usage.search"));
    assertTrue(IndexFields.KEYWORD.contains("usage.ai-train"));

    UsageRequirement trainable = UsageRequirement.of("ai-train");
    IndexDecision.Outcome deleted =
        new IndexDecision(true, -1, -1, FieldMapping.NONE, trainable).decide(URL, page);
    assertEquals(DeleteReason.USAGE_REFUSED, deleted.deleted());
    assertEquals(IndexAction.delete(URL), deleted.action());
    IndexDecision.Outcome skipped =
        new IndexDecision(false, -1, -1, FieldMapping.NONE, trainable).decide(URL, page);
    assertEquals(SkipReason.USAGE_REFUSED, skipped.skipped());
    IndexDecision searchable =
        new IndexDecision(true, -1, -1, FieldMapping.NONE, UsageRequirement.of("search"));
    assertTrue(searchable.decide(URL, page).action().isAdd()); // silence is no refusal
  }

  @Test
  public void aPageWhoseUnavailableAfterHasPassedLeavesTheIndex() {
    long now = java.time.Instant.parse("2030-01-01T00:00:00Z").toEpochMilli();
    PageRecords page = withCanonical(URL);
    page.parseData().getMeta().put("robots.unavailable_after", "2029-12-31T23:00:00Z");
    page.parseData().getMeta().put("robots.max-snippet", "40");
    IndexDecision.Outcome gone =
        new IndexDecision(true, -1, -1, FieldMapping.NONE, UsageRequirement.NONE, now)
            .decide(URL, page);
    assertEquals(DeleteReason.UNAVAILABLE_AFTER, gone.deleted());
    assertEquals("deleted_unavailable_after", DeleteReason.UNAVAILABLE_AFTER.counterName());
    assertEquals(
        SkipReason.DELETE_OFF,
        new IndexDecision(false, -1, -1, FieldMapping.NONE, UsageRequirement.NONE, now)
            .decide(URL, page)
            .skipped());
    page.parseData().getMeta().put("robots.unavailable_after", "2030-01-01T01:00:00Z");
    IndexDocument doc =
        new IndexDecision(true, -1, -1, FieldMapping.NONE, UsageRequirement.NONE, now)
            .decide(URL, page)
            .action()
            .document();
    assertEquals("2030-01-01T01:00:00Z", doc.first("robots.unavailable_after"));
    assertEquals("40", doc.first("robots.max-snippet"));
  }

  private static PageRecords withCanonical(String canonical) {
    ParseData parse = IndexPages.parseData("Copy");
    parse.getMeta().put(ParseData.META_CANONICAL, canonical);
    PageRecords page = new PageRecords();
    page.add(new IndexRecord("", IndexPages.db(CrawlStatus.DB_FETCHED)));
    page.add(new IndexRecord(IndexPages.SEGMENT, IndexPages.fetch(CrawlStatus.FETCH_SUCCESS)));
    page.add(new IndexRecord(IndexPages.SEGMENT, parse));
    page.add(new IndexRecord(IndexPages.SEGMENT, new ParseText("text")));
    return page;
  }

  @Test
  public void retriesExhaustedMakeTheCrawlDbSayGoneAndThePageIsDeleted() {
    assertDeleted(IndexPages.page(CrawlStatus.DB_GONE, CrawlStatus.FETCH_RETRY), DeleteReason.GONE);
  }

  private static void assertDeleted(PageRecords page, DeleteReason why) {
    IndexDecision.Outcome o = decide(page);
    assertEquals(why, o.deleted());
    assertEquals(IndexAction.delete(URL), o.action());
  }

  @Test
  public void withoutDeleteGoneAPageThatWentAwayIsSkipped() {
    IndexDecision keep = new IndexDecision(false, -1, -1, FieldMapping.NONE);
    IndexDecision.Outcome o =
        keep.decide(URL, IndexPages.page(CrawlStatus.DB_GONE, CrawlStatus.FETCH_GONE));
    assertNull(o.action());
    assertEquals(SkipReason.DELETE_OFF, o.skipped());
  }

  @Test
  public void notModifiedPageIsSkipped() {
    assertSkipped(
        IndexPages.page(CrawlStatus.DB_NOTMODIFIED, CrawlStatus.FETCH_NOTMODIFIED),
        SkipReason.NOT_MODIFIED);
  }

  @Test
  public void aTransientErrorKeepsThePageAsItWasIndexed() {
    assertSkipped(
        IndexPages.page(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_RETRY), SkipReason.NOT_FETCHED);
  }

  @Test
  public void aFailedParseIsSkipped() {
    PageRecords page = new PageRecords();
    page.add(new IndexRecord("", IndexPages.db(CrawlStatus.DB_FETCHED)));
    page.add(new IndexRecord(IndexPages.SEGMENT, IndexPages.fetch(CrawlStatus.FETCH_SUCCESS)));
    page.add(new IndexRecord(IndexPages.SEGMENT, new ParseData(ParseData.FAILED, "bad", "")));
    assertSkipped(page, SkipReason.NOT_PARSED);
  }

  @Test
  public void aUrlTheCrawlDbDoesNotKnowIsSkipped() {
    PageRecords page = new PageRecords();
    page.add(new IndexRecord(IndexPages.SEGMENT, IndexPages.fetch(CrawlStatus.FETCH_SUCCESS)));
    assertSkipped(page, SkipReason.NOT_IN_CRAWLDB);
  }

  private static void assertSkipped(PageRecords page, SkipReason why) {
    IndexDecision.Outcome o = decide(page);
    assertNull(o.action());
    assertEquals(why, o.skipped());
  }

  @Test
  public void aUrlNoSegmentFetchedIsNotTheIndexJobsBusiness() {
    PageRecords page = new PageRecords();
    page.add(new IndexRecord("", IndexPages.db(CrawlStatus.DB_UNFETCHED)));
    page.add(new IndexRecord("", IndexPages.inlinks("x")));
    assertNull(decide(page));
  }

  @Test
  public void theNewestSegmentsFetchIsIndexed() {
    PageRecords page = IndexPages.page(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS);
    page.add(
        new IndexRecord(IndexPages.OLDER_SEGMENT, IndexPages.fetch(CrawlStatus.FETCH_SUCCESS)));
    page.add(new IndexRecord(IndexPages.OLDER_SEGMENT, IndexPages.parseData("Old title")));
    page.add(new IndexRecord(IndexPages.OLDER_SEGMENT, new ParseText("old")));
    IndexDocument doc = decide(page).action().document();
    assertEquals("Quokkas", doc.first("title"));
    assertEquals("20240102000000", doc.first("segment"));
  }

  @Test
  public void contentIsCutAndAnchorsAreCapped() {
    PageRecords page = IndexPages.page(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS);
    page.add(new IndexRecord("", IndexPages.inlinks("a", " ", "b", "c", "d")));
    IndexDocument doc =
        new IndexDecision(true, 7, 2, FieldMapping.NONE).decide(URL, page).action().document();
    assertEquals("Quokkas", doc.first("content"));
    assertEquals(List.of("a", "b"), doc.values("anchor"));
  }

  @Test
  public void fieldMappingRenamesAndDrops() {
    IndexDecision mapped =
        new IndexDecision(true, -1, -1, FieldMapping.parse("title:headline, keywords:"));
    IndexDocument doc =
        mapped
            .decide(URL, IndexPages.page(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS))
            .action()
            .document();
    assertEquals("Quokkas", doc.first("headline"));
    assertNull(doc.first("title"));
    assertNull(doc.first("keywords"));
    assertEquals(URL, doc.id());
  }

  @Test
  public void fieldMappingRenamesAndDropsTheParseFiltersFields() {
    PageRecords page = IndexPages.page(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS);
    Map<String, String> meta = page.parseData().getMeta();
    meta.put(ParseData.META_LANG, "en");
    meta.put("meta.og:title", "Quokkas of Rottnest");
    meta.put("meta.article:tag", "quokka\nmarsupial");
    meta.put("jsonld.Article.headline", "Quokkas live on Rottnest Island");
    meta.put(ParseData.META_FIELDS, "lang meta.og:title meta.article:tag jsonld.Article.headline");
    FieldMapping mapping =
        FieldMapping.parse("lang:language, meta.og:title:, jsonld.Article.headline:headline");
    IndexDocument doc =
        new IndexDecision(true, -1, -1, mapping).decide(URL, page).action().document();
    assertEquals(
        List.of(
            "id",
            "url",
            "host",
            "domain",
            "urlWords",
            "title",
            "description",
            "keywords",
            "content",
            "contentType",
            "type",
            "contentLength",
            "fetchTime",
            "modifiedTime",
            "digest",
            "score",
            "depth",
            "segment",
            "language",
            "meta.article:tag",
            "headline"),
        List.copyOf(doc.fields().keySet()));
    assertEquals(List.of("en"), doc.values("language"));
    assertEquals(List.of("quokka", "marsupial"), doc.values("meta.article:tag"));
    assertEquals(List.of("Quokkas live on Rottnest Island"), doc.values("headline"));
    assertTrue(new LuceneSchema(mapping).keywordFields().contains("language")); // lang:en matches
    assertFalse(new LuceneSchema(mapping).keywordFields().contains("lang"));
  }

  @Test(expected = org.trawler.core.conf.BadSettingException.class)
  public void theIdFieldCannotBeRenamed() {
    FieldMapping.parse("id:key");
  }

  @Test(expected = org.trawler.core.conf.BadSettingException.class)
  public void aMappingWithoutAColonIsABadSetting() {
    FieldMapping.parse("title");
  }

  @Test
  public void cutNeverSplitsASurrogatePair() {
    assertEquals("a", IndexDecision.cut("a\uD83D\uDE00b", 2));
  }

  @Test
  public void aPagesMarkdownIsStoredButNotSearched() {
    PageRecords page = IndexPages.page(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS);
    assertNull(decide(page).action().document().first(IndexFields.MARKDOWN));
    PageRecords withMarkdown = new PageRecords();
    withMarkdown.add(new IndexRecord("", IndexPages.db(CrawlStatus.DB_FETCHED)));
    withMarkdown.add(
        new IndexRecord(IndexPages.SEGMENT, IndexPages.fetch(CrawlStatus.FETCH_SUCCESS)));
    withMarkdown.add(new IndexRecord(IndexPages.SEGMENT, IndexPages.parseData("Quokkas")));
    withMarkdown.add(
        new IndexRecord(
            IndexPages.SEGMENT,
            new ParseText("Quokkas live on Rottnest Island.", "# Quokkas\n\nThey *live* there.")));
    IndexDocument doc = decide(withMarkdown).action().document();
    assertEquals("# Quokkas\n\nThey *live* there.", doc.first(IndexFields.MARKDOWN));
    org.apache.lucene.index.IndexableField field =
        new LuceneSchema(FieldMapping.NONE).toLucene(doc).getField(IndexFields.MARKDOWN);
    assertEquals("# Quokkas\n\nThey *live* there.", field.stringValue());
    assertEquals(org.apache.lucene.index.IndexOptions.NONE, field.fieldType().indexOptions());
    assertTrue(field.fieldType().stored());
  }
}
