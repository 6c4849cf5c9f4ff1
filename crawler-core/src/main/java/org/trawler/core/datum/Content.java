package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * A fetched document: raw (decoded-transfer) bytes, type, headers, and where it finally came from.
 */
public class Content implements Writable {
  /** Version 2 added the rendered DOM (fetcher.render); version 1 records read as not rendered. */
  public static final byte VERSION = 2;

  private static final byte VERSION_1 = 1;

  private String url = "";
  private String finalUrl = "";
  private String contentType = "";
  private byte[] content = new byte[0];
  private boolean truncated;

  /** The page's DOM after a browser ran its scripts (UTF-8 HTML), empty when not rendered. */
  private byte[] rendered = new byte[0];

  private final Map<String, String> headers = Writables.newMap();

  /** Crawl metadata the fetcher copies from the fetch datum for parse: see the META_* keys. */
  private final Map<String, String> meta = Writables.newMap();

  /** Meta key: the page's score when it was fetched (parse shares it among the outlinks). */
  public static final String META_SCORE = "score";

  /** Meta key: the page's depth (outlinks get depth + 1). */
  public static final String META_DEPTH = "depth";

  /** Meta key: fetch time, ms epoch. */
  public static final String META_FETCH_TIME = "fetchTime";

  /**
   * Meta key: the robots.txt Content-Signal / Content-Usage lines that apply to the page, as the
   * fetcher read them from its site's robots.txt (org.trawler.core.usage.RobotsTxtSignals).
   */
  public static final String META_ROBOTS_SIGNALS = "robotsTxtSignals";

  /**
   * The rule of the site's /.well-known/tdmrep.json that applies to the page, and notes about the
   * file, as the fetcher read them (org.trawler.core.usage.TdmRep#forPath).
   */
  public static final String META_TDMREP = "tdmRep";

  public Content() {}

  public Content(
      String url, String finalUrl, byte[] content, String contentType, boolean truncated) {
    this.url = url;
    this.finalUrl = finalUrl;
    this.content = content;
    this.contentType = contentType == null ? "" : contentType;
    this.truncated = truncated;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(VERSION);
    Text.writeString(out, url);
    Text.writeString(out, finalUrl);
    Text.writeString(out, contentType);
    WritableUtils.writeVInt(out, content.length);
    out.write(content);
    out.writeBoolean(truncated);
    Writables.writeMap(out, headers);
    Writables.writeMap(out, meta);
    WritableUtils.writeVInt(out, rendered.length);
    out.write(rendered);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    byte version = in.readByte();
    Writables.checkVersion("Content", version, VERSION_1, VERSION);
    url = Text.readString(in);
    finalUrl = Text.readString(in);
    contentType = Text.readString(in);
    content = new byte[WritableUtils.readVInt(in)];
    in.readFully(content);
    truncated = in.readBoolean();
    Writables.readMap(in, headers);
    Writables.readMap(in, meta);
    if (version > VERSION_1) {
      rendered = new byte[WritableUtils.readVInt(in)];
      in.readFully(rendered);
    } else {
      rendered = new byte[0];
    }
  }

  public String getUrl() {
    return url;
  }

  /** The URL after inline redirects; links resolve against it. */
  public String getFinalUrl() {
    return finalUrl;
  }

  /** The media type without parameters, lower case, e.g. text/html; "" when unknown. */
  public String getContentType() {
    return contentType;
  }

  public byte[] getContent() {
    return content;
  }

  public boolean isTruncated() {
    return truncated;
  }

  /** Whether a browser rendered the page: {@link #getRendered} holds its DOM. */
  public boolean isRendered() {
    return rendered.length > 0;
  }

  /** The rendered DOM ({@code document.documentElement.outerHTML}, UTF-8), empty when none. */
  public byte[] getRendered() {
    return rendered;
  }

  public void setRendered(byte[] rendered) {
    this.rendered = rendered == null ? new byte[0] : rendered;
  }

  /**
   * What parse reads: this content, or for a rendered page the rendered DOM as UTF-8 HTML (the
   * header's charset wins over the raw page's {@code <meta charset>}, which the DOM still holds).
   */
  public Content forParse() {
    if (!isRendered()) {
      return this;
    }
    Content view = new Content(url, finalUrl, rendered, MimeTypes.HTML, false);
    view.headers.putAll(headers);
    view.headers.keySet().removeIf(name -> name.equalsIgnoreCase("Content-Type"));
    view.headers.put("Content-Type", "text/html; charset=UTF-8");
    view.meta.putAll(meta);
    return view;
  }

  /** Response headers, names as sent; use {@link #getHeader} for case-insensitive lookup. */
  public Map<String, String> getHeaders() {
    return headers;
  }

  /** Crawl metadata (not HTTP headers): score, depth, fetch time; see META_*. */
  public Map<String, String> getMeta() {
    return meta;
  }

  public String getHeader(String name) {
    for (Map.Entry<String, String> e : headers.entrySet()) {
      if (e.getKey().equalsIgnoreCase(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return "Content{url="
        + url
        + ", finalUrl="
        + finalUrl
        + ", type="
        + contentType
        + ", length="
        + content.length
        + ", truncated="
        + truncated
        + ", rendered="
        + rendered.length
        + ", headers="
        + headers
        + ", meta="
        + meta
        + "}";
  }
}
