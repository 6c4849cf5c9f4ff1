package org.trawler.jobs.index;

import java.util.HashSet;
import java.util.Set;
import org.trawler.core.datum.ParseData;
import org.trawler.core.usage.UsageField;

/** The names of the index job's document fields (before {@code indexer.fields} renames them). */
public final class IndexFields {
  public static final String ID = IndexDocument.ID;
  public static final String URL = "url";
  public static final String HOST = "host";
  public static final String DOMAIN = "domain";
  public static final String TITLE = "title";
  public static final String DESCRIPTION = "description";
  public static final String KEYWORDS = "keywords";
  public static final String CONTENT = "content";
  public static final String ANCHOR = "anchor";

  /**
   * The page's Markdown (parser.markdown): stored for whoever reads the documents, not searched
   * (the content holds the same words).
   */
  public static final String MARKDOWN = "markdown";

  /** The page's section headings (h1 to h3), one value each. */
  public static final String HEADINGS = "headings";

  /** The words of the URL's path ("manual Tasks copy" of /manual/Tasks/copy.html). */
  public static final String URL_WORDS = "urlWords";

  /**
   * The MIME type detected from the bytes, header and URL (the header's type stays in the fetch).
   */
  public static final String CONTENT_TYPE = "contentType";

  /** The MIME type detected from the bytes (contentType is the same; this is the short name). */
  public static final String TYPE = "type";

  /** A document's author, where its format says (PDF, Office, OpenDocument). */
  public static final String AUTHOR = "author";

  /** When a document says it was created, as it says it (ISO 8601). */
  public static final String CREATED = "created";

  /** The page's language, ISO 639-1 (parse filter lang). */
  public static final String LANG = ParseData.META_LANG;

  /** The languages of the page's text, up to three, main first, one value each (filter lang). */
  public static final String LANGUAGES = ParseData.META_LANGUAGES;

  public static final String CONTENT_LENGTH = "contentLength";
  public static final String FETCH_TIME = "fetchTime";
  public static final String MODIFIED_TIME = "modifiedTime";
  public static final String DIGEST = "digest";
  public static final String SCORE = "score";
  public static final String DEPTH = "depth";
  public static final String SEGMENT = "segment";

  /** Fields matched as a whole (not split into words), the owners' signals among them. */
  public static final Set<String> KEYWORD = keywords();

  private static Set<String> keywords() {
    Set<String> keywords =
        new HashSet<>(
            Set.of(
                ID,
                URL,
                HOST,
                DOMAIN,
                CONTENT_TYPE,
                TYPE,
                CREATED,
                DIGEST,
                SEGMENT,
                LANG,
                LANGUAGES));
    for (UsageField f : UsageField.values()) {
      keywords.add(f.key()); // usage.ai-train, tdm.reserved, robots.noindex...
    }
    return Set.copyOf(keywords);
  }

  /** Fields kept as they are for reading back, never searched. */
  public static final Set<String> STORED_ONLY = Set.of(MARKDOWN);

  private IndexFields() {}
}
