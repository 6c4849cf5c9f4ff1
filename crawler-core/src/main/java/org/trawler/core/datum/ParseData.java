package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/** What parsing learned of a page besides its text: status, title, outlinks, metadata. */
public class ParseData implements Writable {
  /** Version 2 added the outlinks' metadata (a feed item's date); version 1 is read too. */
  public static final byte VERSION = 2;

  private static final byte OLDEST_VERSION = 1;

  /** Parse status bytes. */
  public static final byte SUCCESS = 1;

  public static final byte NOT_PARSED = 2;
  public static final byte FAILED = 3;

  private byte status = SUCCESS;
  private String statusMessage = "";
  private String title = "";
  private final List<Outlink> outlinks = new ArrayList<>();

  /** Page metadata: description, keywords, charset, robots, signature source, ... */
  private final Map<String, String> meta = Writables.newMap();

  /**
   * Meta key: the page's canonical URL, absolute, from {@code <link rel=canonical>} or the HTTP
   * {@code Link: <...>; rel=canonical} header.
   */
  public static final String META_CANONICAL = "canonical";

  /**
   * Meta key: the target of the page's meta refresh when that is a redirect (absolute, normalized):
   * the page is no document of its own.
   */
  public static final String META_REFRESH = "refresh";

  /**
   * Meta key: present when the page is a feed (RSS, Atom), its value the mean seconds between its
   * items' dates (0 = unknown): updatedb schedules the feed by it. Its items are the outlinks, each
   * with its date in {@link Outlink#META_PUBLISHED}.
   */
  public static final String META_FEED = "feed";

  /**
   * Meta key: the page's section headings ({@code h1} to {@code h3}), one per line in document
   * order; absent when it has none. The index gives them their own, boosted field.
   */
  public static final String META_HEADINGS = "headings";

  /**
   * Meta key: the page's near-duplicate fingerprint, 16 hex digits (SimHash of its text); absent
   * when the text has too few words.
   */
  public static final String META_FINGERPRINT = "fingerprint";

  /** Meta key: the page's MIME type as detected from its bytes, header and URL. */
  public static final String META_TYPE = "type";

  /**
   * Meta key: why the parse did not simply succeed, a ParseReason name ({@code truncated}, {@code
   * parse_timeout}); absent on a plain success.
   */
  public static final String META_REASON = "reason";

  /**
   * Meta keys of a document's own metadata, where its format says: author(s), dates (ISO 8601), ...
   */
  public static final String META_AUTHOR = "author";

  public static final String META_CREATED = "created";
  public static final String META_MODIFIED = "modified";
  public static final String META_PAGES = "pages";
  public static final String META_LANGUAGE = "language";

  /** Meta key: the application that produced the document (PDF producer, Office application). */
  public static final String META_APPLICATION = "application";

  /**
   * Meta key: the ISO 639-1 code of the page's main language (parse filter lang); absent if unsure.
   */
  public static final String META_LANG = "lang";

  /**
   * Meta key: the ISO 639-1 codes of up to three languages of the page's text (parse filter lang),
   * one value each, the main language first and the others by their share of the text, as Common
   * Crawl's content_languages; absent if none was found.
   */
  public static final String META_LANGUAGES = "languages";

  /**
   * Meta key: the names of the metadata entries the parse filters added as index fields, separated
   * by spaces; a field with many values holds them separated by newlines.
   */
  public static final String META_FIELDS = "fields";

  public ParseData() {}

  public ParseData(byte status, String statusMessage, String title) {
    this.status = status;
    this.statusMessage = statusMessage == null ? "" : statusMessage;
    this.title = title == null ? "" : title;
  }

  public static String statusName(byte status) {
    switch (status) {
      case SUCCESS:
        return "success";
      case NOT_PARSED:
        return "notparsed";
      case FAILED:
        return "parse_failed";
      default:
        return "unknown_" + status;
    }
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(VERSION);
    out.writeByte(status);
    Writables.writeString(out, statusMessage);
    Writables.writeString(out, title);
    WritableUtils.writeVInt(out, outlinks.size());
    for (Outlink o : outlinks) {
      o.write(out);
    }
    Writables.writeMap(out, meta);
    // the outlinks' metadata: how many outlinks have some, then (index, map) for each
    int withMeta = 0;
    for (Outlink o : outlinks) {
      withMeta += o.hasMeta() ? 1 : 0;
    }
    WritableUtils.writeVInt(out, withMeta);
    for (int i = 0; i < outlinks.size() && withMeta > 0; i++) {
      if (outlinks.get(i).hasMeta()) {
        WritableUtils.writeVInt(out, i);
        Writables.writeMap(out, outlinks.get(i).getMeta());
      }
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    byte version = in.readByte();
    Writables.checkVersion("ParseData", version, OLDEST_VERSION, VERSION);
    status = in.readByte();
    statusMessage = Text.readString(in);
    title = Text.readString(in);
    outlinks.clear();
    int n = WritableUtils.readVInt(in);
    for (int i = 0; i < n; i++) {
      Outlink o = new Outlink();
      o.readFields(in);
      outlinks.add(o);
    }
    Writables.readMap(in, meta);
    if (version >= 2) {
      int withMeta = WritableUtils.readVInt(in);
      for (int k = 0; k < withMeta; k++) {
        int i = WritableUtils.readVInt(in);
        if (i < 0 || i >= outlinks.size()) {
          throw new IOException("ParseData: outlink metadata for outlink " + i + " of " + n);
        }
        Writables.readMap(in, outlinks.get(i).getMeta());
      }
    }
  }

  public byte getStatus() {
    return status;
  }

  public String getStatusMessage() {
    return statusMessage;
  }

  public String getTitle() {
    return title;
  }

  public List<Outlink> getOutlinks() {
    return outlinks;
  }

  public Map<String, String> getMeta() {
    return meta;
  }

  @Override
  public String toString() {
    return "ParseData{status="
        + statusName(status)
        + ", message="
        + statusMessage
        + ", title="
        + title
        + ", outlinks="
        + outlinks.size()
        + ", meta="
        + meta
        + "}";
  }
}
