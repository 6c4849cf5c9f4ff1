package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/**
 * A link found on a page: absolute target URL, its anchor text and metadata about the link (a feed
 * item's date, {@link #META_PUBLISHED}). {@link #write} writes URL and anchor only: the metadata is
 * kept by {@link ParseData}, the one record that carries it.
 */
public class Outlink implements Writable {
  /** Meta key: when the feed item this link is was published (else updated), ms epoch. */
  public static final String META_PUBLISHED = "published";

  /**
   * Meta key: "true" when every link to the URL on the page is rel=nofollow (kept for the crawl
   * unless parser.honor.nofollow; never passes rank).
   */
  public static final String META_NOFOLLOW = "nofollow";

  private String toUrl = "";
  private String anchor = "";
  private Map<String, String> meta;

  public Outlink() {}

  public Outlink(String toUrl, String anchor) {
    this.toUrl = toUrl;
    this.anchor = anchor == null ? "" : anchor;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    Writables.writeString(out, toUrl);
    Writables.writeString(out, anchor);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    toUrl = Text.readString(in);
    anchor = Text.readString(in);
  }

  public String getToUrl() {
    return toUrl;
  }

  public String getAnchor() {
    return anchor;
  }

  /** The link's metadata, empty for most links. */
  public Map<String, String> getMeta() {
    if (meta == null) {
      meta = Writables.newMap();
    }
    return meta;
  }

  boolean hasMeta() {
    return meta != null && !meta.isEmpty();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Outlink
        && ((Outlink) o).toUrl.equals(toUrl)
        && ((Outlink) o).anchor.equals(anchor)
        && ((Outlink) o).hasMeta() == hasMeta()
        && (!hasMeta() || ((Outlink) o).meta.equals(meta));
  }

  @Override
  public int hashCode() {
    return Objects.hash(toUrl, anchor);
  }

  @Override
  public String toString() {
    return toUrl + " [" + anchor + "]" + (hasMeta() ? " " + meta : "");
  }
}
