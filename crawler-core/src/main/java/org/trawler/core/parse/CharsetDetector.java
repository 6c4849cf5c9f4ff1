package org.trawler.core.parse;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the charset of an HTML page: a byte order mark, then the HTTP Content-Type charset, then a
 * {@code <meta>} declaration in the first {@link #SNIFF_BYTES} bytes, then the configured default.
 * A name Java does not know falls through to the next source. The BOM comes before the header
 * because browsers do so (WHATWG Encoding): a page that starts with one is in that encoding
 * whatever a server-wide default header claims.
 */
public final class CharsetDetector {
  /** How many leading bytes are searched for a meta declaration. */
  public static final int SNIFF_BYTES = 8192;

  /** Where the charset came from. */
  public enum Source {
    BOM,
    HEADER,
    META,
    DEFAULT
  }

  /** The charset to decode with, where it came from, and how many BOM bytes to skip. */
  public record Detection(Charset charset, Source source, int bomLength) {
    /** The page's bytes as text; undecodable bytes become U+FFFD, never an error. */
    public String decode(byte[] bytes) {
      return new String(bytes, bomLength, bytes.length - bomLength, charset);
    }
  }

  /** Labels whose real-world pages use a superset (WHATWG Encoding): decode with the superset. */
  private static final Map<String, String> SUPERSETS =
      Map.ofEntries(
          Map.entry("iso-8859-1", "windows-1252"),
          Map.entry("iso8859-1", "windows-1252"),
          Map.entry("latin1", "windows-1252"),
          Map.entry("l1", "windows-1252"),
          Map.entry("us-ascii", "windows-1252"),
          Map.entry("ascii", "windows-1252"),
          Map.entry("x-user-defined", "windows-1252"),
          Map.entry("iso-8859-9", "windows-1254"),
          Map.entry("latin5", "windows-1254"),
          Map.entry("tis-620", "x-windows-874"),
          Map.entry("iso-8859-11", "x-windows-874"),
          Map.entry("gb2312", "GBK"),
          Map.entry("gb_2312", "GBK"),
          Map.entry("gb_2312-80", "GBK"),
          Map.entry("x-gbk", "GBK"),
          Map.entry("csgb2312", "GBK"),
          Map.entry("shift_jis", "windows-31j"),
          Map.entry("sjis", "windows-31j"),
          Map.entry("x-sjis", "windows-31j"),
          Map.entry("ms_kanji", "windows-31j"),
          Map.entry("euc-kr", "x-windows-949"),
          Map.entry("ks_c_5601-1987", "x-windows-949"));

  private static final Pattern HEADER_CHARSET =
      Pattern.compile(";\\s*charset\\s*=\\s*[\"']?\\s*([^\"';\\s]+)", Pattern.CASE_INSENSITIVE);
  private static final Pattern META_TAG =
      Pattern.compile("<meta[\\s/]([^>]*)>?", Pattern.CASE_INSENSITIVE);
  private static final Pattern ATTRIBUTE =
      Pattern.compile("([^\\s=/>\"']+)(?:\\s*=\\s*(\"[^\"]*\"?|'[^']*'?|[^\\s>]+))?");
  private static final Pattern CONTENT_CHARSET =
      Pattern.compile("charset\\s*=\\s*[\"']?\\s*([^\"';\\s]+)", Pattern.CASE_INSENSITIVE);

  private final Charset fallback;

  public CharsetDetector(Charset fallback) {
    this.fallback = fallback;
  }

  /** The detector for a configured default name; an unknown name means windows-1252. */
  public static CharsetDetector forDefault(String defaultName) {
    Charset c = lookup(defaultName);
    return new CharsetDetector(c != null ? c : Charset.forName(ParseKeys.DEFAULT_FALLBACK_CHARSET));
  }

  /**
   * Detects the charset of {@code bytes} served with the given Content-Type header value (may be
   * null).
   */
  public Detection detect(byte[] bytes, String contentTypeHeader) {
    Detection bom = fromBom(bytes);
    if (bom != null) {
      return bom;
    }
    Charset header = fromContentType(contentTypeHeader);
    if (header != null) {
      return new Detection(header, Source.HEADER, 0);
    }
    Charset meta = fromMeta(bytes);
    if (meta != null) {
      return new Detection(meta, Source.META, 0);
    }
    return new Detection(fallback, Source.DEFAULT, 0);
  }

  static Detection fromBom(byte[] b) {
    if (b.length >= 3 && (b[0] & 0xff) == 0xEF && (b[1] & 0xff) == 0xBB && (b[2] & 0xff) == 0xBF) {
      return new Detection(StandardCharsets.UTF_8, Source.BOM, 3);
    }
    if (b.length >= 2 && (b[0] & 0xff) == 0xFE && (b[1] & 0xff) == 0xFF) {
      return new Detection(StandardCharsets.UTF_16BE, Source.BOM, 2);
    }
    if (b.length >= 2 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xFE) {
      return new Detection(StandardCharsets.UTF_16LE, Source.BOM, 2);
    }
    return null;
  }

  /** The charset parameter of a Content-Type value, or null when absent or unknown. */
  static Charset fromContentType(String contentType) {
    if (contentType == null) {
      return null;
    }
    Matcher m = HEADER_CHARSET.matcher(contentType);
    return m.find() ? lookup(m.group(1)) : null;
  }

  /**
   * The first usable {@code <meta charset>} or http-equiv Content-Type declaration near the start.
   */
  static Charset fromMeta(byte[] bytes) {
    // ASCII-compatible prefix: the declaration itself is ASCII in every charset it can name
    String head =
        new String(bytes, 0, Math.min(bytes.length, SNIFF_BYTES), StandardCharsets.ISO_8859_1);
    Matcher tag = META_TAG.matcher(head);
    while (tag.find()) {
      Charset c = fromMetaAttributes(tag.group(1));
      if (c != null) {
        // the prefix was read as ASCII, so a UTF-16 declaration cannot be true (WHATWG prescan)
        return c.name().startsWith("UTF-16") ? StandardCharsets.UTF_8 : c;
      }
    }
    return null;
  }

  private static Charset fromMetaAttributes(String attributes) {
    String charset = null;
    String httpEquiv = null;
    String content = null;
    Matcher a = ATTRIBUTE.matcher(attributes);
    while (a.find()) {
      String name = a.group(1).toLowerCase(Locale.ROOT);
      String value = unquote(a.group(2));
      if (name.equals("charset") && charset == null) {
        charset = value;
      } else if (name.equals("http-equiv") && httpEquiv == null) {
        httpEquiv = value;
      } else if (name.equals("content") && content == null) {
        content = value;
      }
    }
    if (charset != null) {
      return lookup(charset);
    }
    if (httpEquiv != null && httpEquiv.trim().equalsIgnoreCase("content-type") && content != null) {
      Matcher m = CONTENT_CHARSET.matcher(content);
      return m.find() ? lookup(m.group(1)) : null;
    }
    return null;
  }

  private static String unquote(String value) {
    return value == null ? "" : value.trim().replaceAll("^[\"']+|[\"']+$", "").trim();
  }

  /** The charset for a label, mapped to its WHATWG superset; null when Java does not know it. */
  public static Charset lookup(String label) {
    if (label == null) {
      return null;
    }
    String name = unquote(label);
    if (name.isEmpty()) {
      return null;
    }
    String target = SUPERSETS.getOrDefault(name.toLowerCase(Locale.ROOT), name);
    try {
      return Charset.forName(target);
    } catch (IllegalArgumentException e) { // illegal or unsupported name: try the next source
      return null;
    }
  }
}
