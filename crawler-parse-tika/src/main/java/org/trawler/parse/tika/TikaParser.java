package org.trawler.parse.tika;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.tika.config.TikaConfig;
import org.apache.tika.detect.Detector;
import org.apache.tika.exception.EncryptedDocumentException;
import org.apache.tika.exception.ZeroByteFileException;
import org.apache.tika.extractor.EmbeddedDocumentExtractor;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.Office;
import org.apache.tika.metadata.OfficeOpenXMLExtended;
import org.apache.tika.metadata.PagedText;
import org.apache.tika.metadata.Property;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.mime.MediaType;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.sax.SecureContentHandler;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.OutlinkExtractor;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.parse.ParseReason;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.ParseSetup;
import org.trawler.core.parse.Parser;
import org.trawler.core.parse.Parsers;
import org.trawler.core.parse.Signature;
import org.xml.sax.SAXException;

/**
 * Parses documents with Apache Tika (PDF, Office, OpenDocument, RTF, EPUB, text, feeds): text,
 * title, metadata and hyperlinks, bounded by parser.text.max.chars, parser.embedded.max.depth,
 * parser.embedded.max.count, parser.links.max and Tika's zip bomb guard ({@link
 * org.trawler.core.parse.Parsers} bounds its time, as every parser's). Thread-safe.
 */
public class TikaParser implements Parser {
  /** Characters of a title taken from the text's first line. */
  private static final int MAX_TITLE_CHARS = 200;

  /** Compressed parts may expand at most this many times (Tika's guard against zip bombs). */
  private static final long MAX_COMPRESSION_RATIO = 100;

  /** Characters of output before the compression ratio is checked. */
  private static final long RATIO_THRESHOLD_CHARS = 1_000_000;

  private AutoDetectParser tika;
  private OutlinkExtractor outlinks;
  private Signature signature;
  private int maxChars;
  private int maxDepth;
  private int maxEmbedded;

  @Override
  public void configure(Configuration conf) {
    configure(conf, ParseSetup.of(conf));
  }

  @Override
  public void configure(Configuration conf, ParseSetup setup) {
    int most = Integer.MAX_VALUE;
    this.maxChars =
        Settings.getInt(conf, ParseKeys.TEXT_MAX_CHARS, ParseKeys.DEFAULT_TEXT_MAX_CHARS, 1, most);
    this.maxDepth =
        Settings.getInt(
            conf, ParseKeys.EMBEDDED_MAX_DEPTH, ParseKeys.DEFAULT_EMBEDDED_MAX_DEPTH, 0, most);
    this.maxEmbedded =
        Settings.getInt(
            conf, ParseKeys.EMBEDDED_MAX_COUNT, ParseKeys.DEFAULT_EMBEDDED_MAX_COUNT, -1, most);
    TikaConfig tikaConfig = DefaultTikaConfig.get();
    this.tika = new AutoDetectParser(tikaConfig);
    tika.setDetector(new DetectedTypeFirst(tikaConfig.getDetector()));
    this.outlinks = new OutlinkExtractor(conf, setup);
    this.signature = Signature.create(conf, setup.names());
  }

  @Override
  public ParseResult parse(Content content, String mimeType) {
    String url = HtmlParser.pageUrl(content);
    Metadata metadata = new Metadata();
    metadata.set(Metadata.CONTENT_TYPE, mimeType);
    metadata.set(DetectedTypeFirst.DETECTED, mimeType);
    String fileName = DocumentNames.fileName(url);
    if (!fileName.isEmpty()) {
      metadata.set(TikaCoreProperties.RESOURCE_NAME_KEY, fileName);
    }
    DocumentHandler handler = new DocumentHandler(maxChars, outlinks.linksToRead());
    ParseContext context = new ParseContext();
    context.set(org.apache.tika.parser.Parser.class, tika);
    EmbeddedDepthLimit embedded = new EmbeddedDepthLimit(context, maxDepth, maxEmbedded);
    context.set(EmbeddedDocumentExtractor.class, embedded);
    try (TikaInputStream in = TikaInputStream.get(content.getContent())) {
      SecureContentHandler guard = new SecureContentHandler(handler, in);
      guard.setMaximumCompressionRatio(MAX_COMPRESSION_RATIO);
      guard.setOutputThreshold(RATIO_THRESHOLD_CHARS);
      guard.setMaximumDepth(Math.max(100, guard.getMaximumDepth()));
      try {
        tika.parse(in, guard, metadata, context);
      } catch (SAXException e) {
        if (!handler.full()) {
          guard.throwIfCauseOf(e); // a zip bomb
          throw e;
        }
      }
    } catch (ZeroByteFileException e) {
      return Parsers.unparsedResult(
          content, ParseData.NOT_PARSED, ParseReason.EMPTY, "no bytes", signature);
    } catch (EncryptedDocumentException e) {
      return failed(content, ParseReason.ENCRYPTED, message(e));
    } catch (Exception | StackOverflowError e) {
      if (handler.full()) {
        return result(content, handler, metadata, fileName, embedded); // stopped at the text limit
      }
      if (mentionsZipBomb(e)) {
        return failed(content, ParseReason.ZIP_BOMB, message(e));
      }
      if (encrypted(e)) {
        return failed(content, ParseReason.ENCRYPTED, message(e));
      }
      return failed(
          content,
          e instanceof RuntimeException || e instanceof Error
              ? ParseReason.PARSER_ERROR
              : ParseReason.MALFORMED,
          message(e));
    }
    return result(content, handler, metadata, fileName, embedded);
  }

  private ParseResult result(
      Content content,
      DocumentHandler handler,
      Metadata metadata,
      String fileName,
      EmbeddedDepthLimit embedded) {
    String text = handler.text().strip();
    ParseData data = new ParseData(ParseData.SUCCESS, "", title(metadata, handler, text, fileName));
    put(
        data,
        ParseData.META_AUTHOR,
        String.join(", ", metadata.getValues(TikaCoreProperties.CREATOR)));
    put(data, ParseData.META_CREATED, metadata.get(TikaCoreProperties.CREATED));
    put(data, ParseData.META_MODIFIED, metadata.get(TikaCoreProperties.MODIFIED));
    put(
        data,
        ParseData.META_PAGES,
        first(metadata, PagedText.N_PAGES, Office.PAGE_COUNT, Office.SLIDE_COUNT));
    put(data, ParseData.META_LANGUAGE, metadata.get(TikaCoreProperties.LANGUAGE));
    put(
        data,
        ParseData.META_APPLICATION,
        first(
            metadata,
            TikaCoreProperties.CREATOR_TOOL,
            OfficeOpenXMLExtended.APPLICATION,
            Property.externalText("pdf:producer")));
    if (handler.full()) {
      data.getMeta().put(ParseData.META_REASON, ParseReason.TEXT_LIMIT.reasonName());
    } else if (embedded.skipped()) {
      data.getMeta().put(ParseData.META_REASON, ParseReason.EMBEDDED_TOO_DEEP.reasonName());
    } else if (embedded.skippedMany()) {
      data.getMeta().put(ParseData.META_REASON, ParseReason.EMBEDDED_TOO_MANY.reasonName());
    }
    outlinks.addOutlinks(data, handler.links(), HtmlParser.pageUrl(content));
    return new ParseResult(data, new ParseText(text), signature.calculate(content, text));
  }

  /** The document's title metadata, else its first heading, else its first line, else its name. */
  private static String title(
      Metadata metadata, DocumentHandler handler, String text, String fileName) {
    String title = metadata.get(TikaCoreProperties.TITLE);
    if (title != null && !title.isBlank()) {
      return title.strip();
    }
    if (!handler.firstHeading().isBlank()) {
      return handler.firstHeading();
    }
    int newline = text.indexOf('\n');
    String line = (newline < 0 ? text : text.substring(0, newline)).strip();
    if (!line.isEmpty()) {
      return line.length() > MAX_TITLE_CHARS ? line.substring(0, MAX_TITLE_CHARS) : line;
    }
    return fileName;
  }

  private static String first(Metadata metadata, Property... properties) {
    for (Property p : properties) {
      String value = metadata.get(p);
      if (value != null && !value.isBlank()) {
        return value;
      }
    }
    return null;
  }

  private static void put(ParseData data, String key, String value) {
    if (value != null && !value.isBlank()) {
      data.getMeta().put(key, value.strip());
    }
  }

  private static boolean mentionsZipBomb(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      String m = String.valueOf(c.getMessage()).toLowerCase(Locale.ROOT);
      if (m.contains("zip bomb") || m.contains("compression ratio")) {
        return true;
      }
    }
    return false;
  }

  private static boolean encrypted(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      String name = c.getClass().getSimpleName();
      if (c instanceof EncryptedDocumentException
          || name.equals("EncryptedDocumentException")
          || name.equals("InvalidPasswordException")) {
        return true;
      }
    }
    return false;
  }

  private static String message(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root == e ? String.valueOf(e) : e + " (" + root + ")";
    return m.length() > 500 ? m.substring(0, 500) : m;
  }

  /**
   * The type {@link org.trawler.core.parse.Parsers} detected for the document itself, so that Tika
   * does not run its detectors (for a DOCX: open the zip and read its parts) a second time; its
   * embedded documents, which carry no such type, are detected as usual.
   */
  private static final class DetectedTypeFirst implements Detector {
    static final String DETECTED = "trawler:detected-type";
    private final Detector detector;

    DetectedTypeFirst(Detector detector) {
      this.detector = detector;
    }

    @Override
    public MediaType detect(InputStream input, Metadata metadata) throws IOException {
      String detected = metadata.get(DETECTED);
      if (detected != null) {
        MediaType type = MediaType.parse(detected);
        if (type != null) {
          return type;
        }
      }
      return detector.detect(input, metadata);
    }
  }

  private ParseResult failed(Content content, ParseReason reason, String message) {
    return Parsers.unparsedResult(content, ParseData.FAILED, reason, message, signature);
  }
}
