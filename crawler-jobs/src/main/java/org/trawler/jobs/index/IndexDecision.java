package org.trawler.jobs.index;

import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.Hex;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.MimeTypes;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.net.HostGroup;
import org.trawler.core.net.URLParts;
import org.trawler.core.parse.ParsedPage;
import org.trawler.core.usage.UnavailableAfter;
import org.trawler.core.usage.UsageField;
import org.trawler.core.usage.UsageRequirement;

/**
 * What the index does with one URL of the segments: add its document, delete it, or skip it (and
 * why). The whole decision of the index job, and the document it builds, in one plain class.
 */
public final class IndexDecision {

  /** One URL's outcome: an action for the writers, or a skip reason; {@code deleted} says why. */
  public record Outcome(IndexAction action, DeleteReason deleted, SkipReason skipped) {
    static Outcome add(IndexDocument doc) {
      return new Outcome(IndexAction.add(doc), null, null);
    }

    static Outcome delete(String url, DeleteReason why) {
      return new Outcome(IndexAction.delete(url), why, null);
    }

    static Outcome skip(SkipReason why) {
      return new Outcome(null, null, why);
    }
  }

  private final boolean delete;
  private final int maxContentLength;
  private final int maxAnchors;
  private final FieldMapping fields;
  private final UsageRequirement required;

  /** Now, ms epoch: a page whose unavailable_after lies before it leaves the index. */
  private final long now;

  public IndexDecision(boolean delete, int maxContentLength, int maxAnchors, FieldMapping fields) {
    this(delete, maxContentLength, maxAnchors, fields, UsageRequirement.NONE);
  }

  /** A decision that also leaves out pages whose owners refused a {@code required} usage. */
  public IndexDecision(
      boolean delete,
      int maxContentLength,
      int maxAnchors,
      FieldMapping fields,
      UsageRequirement required) {
    this(delete, maxContentLength, maxAnchors, fields, required, System.currentTimeMillis());
  }

  /** A decision made at {@code now} (ms epoch), which unavailable_after dates are compared to. */
  public IndexDecision(
      boolean delete,
      int maxContentLength,
      int maxAnchors,
      FieldMapping fields,
      UsageRequirement required,
      long now) {
    this.delete = delete;
    this.maxContentLength = maxContentLength;
    this.maxAnchors = maxAnchors;
    this.fields = fields;
    this.required = required;
    this.now = now;
  }

  /** The decision {@code conf} sets up; a bad setting fails here. */
  public static IndexDecision fromConf(Configuration conf) {
    return new IndexDecision(
        conf.getBoolean(IndexerKeys.DELETE, IndexerKeys.DEFAULT_DELETE),
        Settings.getInt(
            conf, IndexerKeys.MAX_CONTENT_LENGTH, IndexerKeys.DEFAULT_MAX_CONTENT_LENGTH),
        Settings.getInt(conf, IndexerKeys.MAX_ANCHORS, IndexerKeys.DEFAULT_MAX_ANCHORS),
        FieldMapping.fromConf(conf),
        UsageRequirement.fromConf(conf));
  }

  /**
   * The outcome for {@code url}; null when none of the segments fetched it (a URL only the crawldb
   * or the linkdb knows is not the index job's business this time), unless dedup has just marked it
   * a duplicate: a copy indexed in an earlier round, whose better page came later, is deleted.
   */
  public Outcome decide(String url, PageRecords page) {
    CrawlDatum fetch = page.fetch();
    CrawlDatum db = page.db();
    if (fetch == null) {
      return delete && db != null && isNewDuplicate(db)
          ? Outcome.delete(url, DeleteReason.DUPLICATE)
          : null;
    }
    if (db == null) {
      return Outcome.skip(SkipReason.NOT_IN_CRAWLDB);
    }
    CrawlStatus dbStatus = db.getStatus();
    CrawlStatus fetchStatus = fetch.getStatus();
    if (dbStatus == CrawlStatus.DB_GONE || fetchStatus == CrawlStatus.FETCH_GONE) {
      return deleteOrSkip(url, DeleteReason.GONE);
    }
    if (isRedirect(dbStatus) || isRedirect(fetchStatus)) {
      return deleteOrSkip(url, DeleteReason.REDIRECT);
    }
    if (dbStatus == CrawlStatus.DB_DUPLICATE) {
      return deleteOrSkip(url, DeleteReason.DUPLICATE);
    }
    if (fetchStatus == CrawlStatus.FETCH_NOTMODIFIED
        || (dbStatus == CrawlStatus.DB_NOTMODIFIED && fetchStatus != CrawlStatus.FETCH_SUCCESS)) {
      return Outcome.skip(SkipReason.NOT_MODIFIED);
    }
    if (fetchStatus != CrawlStatus.FETCH_SUCCESS) {
      return Outcome.skip(SkipReason.NOT_FETCHED);
    }
    ParseData parse = page.parseData();
    ParseText text = page.parseText();
    if (parse == null || parse.getStatus() != ParseData.SUCCESS || text == null) {
      return Outcome.skip(SkipReason.NOT_PARSED);
    }
    if (parse.getMeta().containsKey(ParseData.META_REFRESH)) {
      return deleteOrSkip(
          url, DeleteReason.REDIRECT); // a meta refresh redirect not yet in the crawldb
    }
    if (isNoIndex(parse)) {
      return deleteOrSkip(url, DeleteReason.NOINDEX);
    }
    if (UnavailableAfter.isPast(
        parse.getMeta().get(UsageField.ROBOTS_UNAVAILABLE_AFTER.key()), now)) {
      return deleteOrSkip(url, DeleteReason.UNAVAILABLE_AFTER);
    }
    if (required.refused(parse.getMeta()) != null) {
      // export.require.usage: a page indexed before the requirement was set leaves the index
      return delete
          ? Outcome.delete(url, DeleteReason.USAGE_REFUSED)
          : Outcome.skip(SkipReason.USAGE_REFUSED);
    }
    String canonical = parse.getMeta().get(ParseData.META_CANONICAL);
    if (canonical != null && !canonical.equals(url)) {
      return deleteOrSkip(url, DeleteReason.NOT_CANONICAL);
    }
    return Outcome.add(fields.apply(document(url, page)));
  }

  private Outcome deleteOrSkip(String url, DeleteReason why) {
    return delete ? Outcome.delete(url, why) : Outcome.skip(SkipReason.DELETE_OFF);
  }

  private static boolean isNewDuplicate(CrawlDatum db) {
    return db.getStatus() == CrawlStatus.DB_DUPLICATE
        && db.getMetadata().containsKey(MetadataKeys.DUPLICATE_NEW);
  }

  private static boolean isRedirect(CrawlStatus status) {
    return status == CrawlStatus.DB_REDIR_TEMP
        || status == CrawlStatus.DB_REDIR_PERM
        || status == CrawlStatus.FETCH_REDIR_TEMP
        || status == CrawlStatus.FETCH_REDIR_PERM;
  }

  /** The parser records meta robots and X-Robots-Tag as "noindex,..." or "index,...". */
  static boolean isNoIndex(ParseData parse) {
    String robots = parse.getMeta().get("robots");
    return robots != null && robots.startsWith("noindex");
  }

  /**
   * The document of a fetched and parsed page, with the job's standard field names, and the fields
   * the parse filters added (lang, meta.*, jsonld.*...), one value per value they found.
   */
  IndexDocument document(String url, PageRecords page) {
    CrawlDatum db = page.db();
    CrawlDatum fetch = page.fetch();
    ParseData parse = page.parseData();
    String host = URLParts.host(url);
    IndexDocument doc = new IndexDocument();
    doc.add(IndexDocument.ID, url);
    doc.add(IndexFields.URL, url);
    if (host != null) {
      doc.add(IndexFields.HOST, host);
      doc.add(IndexFields.DOMAIN, HostGroup.domainOf(host));
    }
    doc.add(IndexFields.URL_WORDS, URLWords.of(url));
    doc.add(IndexFields.TITLE, blankToNull(parse.getTitle()));
    String headings = parse.getMeta().get(ParseData.META_HEADINGS);
    if (headings != null) {
      for (String heading : headings.split("\n")) {
        doc.add(IndexFields.HEADINGS, blankToNull(heading));
      }
    }
    doc.add(IndexFields.DESCRIPTION, blankToNull(parse.getMeta().get("description")));
    doc.add(IndexFields.KEYWORDS, blankToNull(parse.getMeta().get("keywords")));
    doc.add(IndexFields.AUTHOR, blankToNull(parse.getMeta().get(ParseData.META_AUTHOR)));
    doc.add(IndexFields.CREATED, blankToNull(parse.getMeta().get(ParseData.META_CREATED)));
    // the type parse detected from the bytes: a PDF sent as application/octet-stream is a PDF
    String detected = blankToNull(parse.getMeta().get(ParseData.META_TYPE));
    doc.add(IndexFields.CONTENT, cut(page.parseText().getText(), maxContentLength));
    doc.add(IndexFields.MARKDOWN, blankToNull(page.parseText().getMarkdown()));
    for (String anchor : anchors(page)) {
      doc.add(IndexFields.ANCHOR, anchor);
    }
    Content content = page.content();
    String type =
        detected != null
            ? detected
            : content == null ? null : blankToNull(MimeTypes.base(content.getContentType()));
    doc.add(IndexFields.CONTENT_TYPE, type);
    doc.add(IndexFields.TYPE, type);
    if (content != null) {
      String length = content.getMeta().get(PageRecords.CONTENT_LENGTH);
      if (length != null) {
        doc.add(IndexFields.CONTENT_LENGTH, Long.parseLong(length));
      }
    }
    doc.add(IndexFields.FETCH_TIME, fetch.getFetchTime());
    long modified = db.getModifiedTime() > 0 ? db.getModifiedTime() : fetch.getModifiedTime();
    if (modified > 0) {
      doc.add(IndexFields.MODIFIED_TIME, modified);
    }
    byte[] signature = db.getSignature() != null ? db.getSignature() : fetch.getSignature();
    if (signature != null) {
      doc.add(IndexFields.DIGEST, Hex.encode(signature));
    }
    doc.add(IndexFields.SCORE, db.getScore());
    doc.add(IndexFields.DEPTH, db.getDepth());
    for (UsageField f : UsageField.values()) {
      doc.add(f.key(), parse.getMeta().get(f.key())); // what the page's owner allows
    }
    String segment = page.segment();
    doc.add(IndexFields.SEGMENT, segment.substring(segment.lastIndexOf('/') + 1));
    for (String field : ParsedPage.fieldNames(parse)) {
      String value = parse.getMeta().get(field);
      if (value != null && !doc.fields().containsKey(field)) {
        ParsedPage.values(value).forEach(v -> doc.add(field, v));
      }
    }
    return doc;
  }

  /** The distinct, non-blank anchors of the page's inlinks, at most indexer.max.anchors. */
  private Set<String> anchors(PageRecords page) {
    Set<String> anchors = new LinkedHashSet<>();
    if (page.inlinks() == null) {
      return anchors;
    }
    for (Outlink link : page.inlinks().getInlinks()) {
      if (maxAnchors >= 0 && anchors.size() >= maxAnchors) {
        break;
      }
      String anchor = link.getAnchor().strip();
      if (!anchor.isEmpty()) {
        anchors.add(anchor);
      }
    }
    return anchors;
  }

  /** The first {@code max} characters, never splitting a surrogate pair; max &lt; 0 = all. */
  static String cut(String text, int max) {
    if (max < 0 || text.length() <= max) {
      return text;
    }
    int end = max;
    if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
