package org.trawler.jobs.warc;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcConversion;
import org.netpreserve.jwarc.WarcRecord;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParsedPage;

/**
 * The WET record of a parsed page: a {@code conversion} record of its parse text (UTF-8, {@code
 * text/plain} as in Common Crawl's WET files), {@code WARC-Refers-To} the response it was parsed
 * from, with that record's target URI and date, and {@code WARC-Identified-Content-Language} the
 * page's languages as ISO 639-3 codes, main language first, as Common Crawl writes them. Its
 * Markdown (parser.markdown) makes the same record with {@code text/markdown}.
 */
final class WetRecords {
  static final MediaType TEXT = MediaType.parse("text/plain");

  /** RFC 7763's type, with RFC 7764's variant: GitHub's, whose pipe tables the Markdown uses. */
  static final MediaType MARKDOWN = MediaType.parse("text/markdown;charset=utf-8;variant=GFM");

  private WetRecords() {}

  /**
   * The conversion record of {@code capture}'s text, parsed from {@code response}; null when the
   * page was not parsed, its parse failed, or it has no text (a noindex page, an image).
   */
  static WarcConversion conversion(Capture capture, WarcRecord response) {
    return capture.text() == null
        ? null
        : conversion(capture.parse(), capture.text().getText(), TEXT, response);
  }

  /**
   * The conversion record of {@code capture}'s Markdown, parsed from {@code response}; null when it
   * has none (not parsed, not HTML, noindex, made without parser.markdown).
   */
  static WarcConversion markdown(Capture capture, WarcRecord response) {
    return capture.text() == null
        ? null
        : conversion(capture.parse(), capture.text().getMarkdown(), MARKDOWN, response);
  }

  private static WarcConversion conversion(
      ParseData parse, String body, MediaType type, WarcRecord response) {
    if (parse == null || parse.getStatus() != ParseData.SUCCESS || body.isEmpty()) {
      return null;
    }
    byte[] text = body.getBytes(StandardCharsets.UTF_8);
    WarcConversion.Builder builder =
        new WarcConversion.Builder()
            .version(MessageVersion.WARC_1_1)
            // jwarc's conversion builder has no target setter
            .setHeader("WARC-Target-URI", response.headers().first("WARC-Target-URI").get())
            .date(response.date())
            .refersTo(response.id())
            .blockDigest(CaptureRecords.sha1(text));
    String languages = languages(parse);
    if (!languages.isEmpty()) {
      builder.setHeader("WARC-Identified-Content-Language", languages);
    }
    return builder.body(type, text).build();
  }

  /**
   * The page's languages (parse metadata {@code languages}, else {@code lang}) as ISO 639-3 codes
   * separated by commas ({@code spa,eng}); a code Java does not know is kept as it is.
   */
  static String languages(ParseData parse) {
    String codes = parse.getMeta().get(ParseData.META_LANGUAGES);
    if (codes == null || codes.isBlank()) {
      codes = parse.getMeta().getOrDefault(ParseData.META_LANG, "");
    }
    List<String> iso3 = new ArrayList<>();
    for (String code : codes.split(String.valueOf(ParsedPage.VALUE_SEPARATOR))) {
      code = code.trim();
      if (!code.isEmpty()) {
        iso3.add(iso3(code));
      }
    }
    return String.join(",", iso3);
  }

  private static String iso3(String code) {
    try {
      String three = new Locale(code).getISO3Language();
      return three.isEmpty() ? code : three;
    } catch (MissingResourceException e) {
      return code;
    }
  }
}
