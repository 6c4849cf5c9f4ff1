package org.trawler.simweb;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TimeZone;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.apache.poi.xwpf.usermodel.XWPFHyperlinkRun;
import org.apache.poi.xwpf.usermodel.XWPFParagraph;

/**
 * Writes simweb's documents: PDF (PDFBox, links as URI annotations), DOCX (POI, hyperlinks), ODT
 * (the OpenDocument zip written directly), plain text, RSS 2.0 and Atom 1.0. Every date, ID and zip
 * time is fixed, so a document's bytes depend only on what it says: its signature is stable from
 * fetch to fetch.
 */
final class SimWebDocs {

  /** A link a document carries: absolute URL and the text it is shown with. */
  record Link(String url, String text) {}

  /** What a document says: title, author (may be null), text lines and links. */
  record Doc(String title, String author, List<String> lines, List<Link> links) {}

  private static final Instant CREATED = SiteResponses.LAST_MODIFIED;
  private static final String ODT_MIME = SiteModel.DocType.ODT.mimeType();

  private SimWebDocs() {}

  /**
   * A PDF of one page per ~40 lines; each link a line of its own with a URI link annotation over
   * it; with {@code padToBytes} > 0, an image of random pixels (incompressible, never text) makes
   * the file at least that large.
   */
  static byte[] pdf(Doc doc, long seed, int padToBytes) {
    try (PDDocument pdf = new PDDocument()) {
      PDDocumentInformation info = pdf.getDocumentInformation();
      info.setTitle(doc.title());
      info.setAuthor(doc.author());
      info.setCreator("simweb");
      info.setProducer("simweb (Apache PDFBox)");
      info.setCreationDate(calendar(CREATED));
      info.setModificationDate(calendar(CREATED));
      PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
      List<String> lines = new ArrayList<>();
      for (String line : doc.lines()) {
        lines.addAll(wrap(line, 90));
      }
      int linesPerPage = 40;
      int pageCount = Math.max(1, (lines.size() + doc.links().size() + linesPerPage - 1) / 40);
      int next = 0;
      int nextLink = 0;
      for (int p = 0; p < pageCount; p++) {
        PDPage page = new PDPage(PDRectangle.A4);
        pdf.addPage(page);
        float y = 800;
        try (PDPageContentStream out = new PDPageContentStream(pdf, page)) {
          for (int l = 0; l < linesPerPage; l++, y -= 18) {
            String text;
            Link link = null;
            if (next < lines.size()) {
              text = lines.get(next++);
            } else if (nextLink < doc.links().size()) {
              link = doc.links().get(nextLink++);
              text = "See " + link.text();
            } else {
              break;
            }
            out.beginText();
            out.setFont(font, 11);
            out.newLineAtOffset(50, y);
            out.showText(text);
            out.endText();
            if (link != null) {
              PDAnnotationLink annotation = new PDAnnotationLink();
              PDActionURI action = new PDActionURI();
              action.setURI(link.url());
              annotation.setAction(action);
              annotation.setRectangle(
                  new PDRectangle(50, y - 3, font.getStringWidth(text) / 1000 * 11, 14));
              page.getAnnotations().add(annotation);
            }
          }
          if (padToBytes > 0 && p == 0) {
            PDImageXObject noise = LosslessFactory.createFromImage(pdf, noise(seed, padToBytes));
            out.drawImage(noise, 400, 40, 100, 100);
          }
        }
      }
      // PDFBox would make the trailer's ID from the clock: a fixed one keeps the bytes stable.
      COSArray id = new COSArray();
      byte[] idBytes = Long.toHexString(seed).getBytes(StandardCharsets.US_ASCII);
      id.add(new COSString(idBytes));
      id.add(new COSString(idBytes));
      pdf.getDocument().getTrailer().setItem(COSName.ID, id);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      pdf.save(bytes);
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // in memory
    }
  }

  /** An RGB image of random pixels whose lossless encoding takes at least {@code bytes}. */
  private static BufferedImage noise(long seed, int bytes) {
    int side = (int) Math.ceil(Math.sqrt(bytes / 3.0)) + 8;
    BufferedImage image = new BufferedImage(side, side, BufferedImage.TYPE_INT_RGB);
    SplittableRandom rnd = new SplittableRandom(seed);
    int[] row = new int[side];
    for (int y = 0; y < side; y++) {
      for (int x = 0; x < side; x++) {
        row[x] = rnd.nextInt() & 0xffffff;
      }
      image.setRGB(0, y, side, 1, row, 0, side);
    }
    return image;
  }

  /** A DOCX: title and author in its core properties, one paragraph per line, then the links. */
  static byte[] docx(Doc doc) {
    try (XWPFDocument docx = new XWPFDocument()) {
      var core = docx.getProperties().getCoreProperties();
      core.setTitle(doc.title());
      core.setCreator(doc.author());
      core.setCreated(Optional.of(Date.from(CREATED)));
      core.setModified(Optional.of(Date.from(CREATED)));
      for (String line : doc.lines()) {
        docx.createParagraph().createRun().setText(line);
      }
      for (Link link : doc.links()) {
        XWPFParagraph paragraph = docx.createParagraph();
        paragraph.createRun().setText("See ");
        XWPFHyperlinkRun run = paragraph.createHyperlinkRun(link.url());
        run.setText(link.text());
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      docx.write(bytes);
      return fixedTimes(bytes.toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An ODT: the mimetype entry first and stored, a manifest, meta.xml and content.xml. */
  static byte[] odt(Doc doc) {
    StringBuilder content = new StringBuilder();
    content
        .append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<office:document-content")
        .append(" xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\"")
        .append(" xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\"")
        .append(" xmlns:xlink=\"http://www.w3.org/1999/xlink\" office:version=\"1.2\">\n")
        .append("<office:body><office:text>\n");
    boolean first = true;
    for (String line : doc.lines()) {
      String tag = first ? "text:h" : "text:p";
      content.append('<').append(tag).append('>').append(xml(line)).append("</").append(tag);
      content.append(">\n");
      first = false;
    }
    for (Link link : doc.links()) {
      content
          .append("<text:p>See <text:a xlink:type=\"simple\" xlink:href=\"")
          .append(xml(link.url()))
          .append("\">")
          .append(xml(link.text()))
          .append("</text:a></text:p>\n");
    }
    content.append("</office:text></office:body></office:document-content>\n");
    String meta =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<office:document-meta"
            + " xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\""
            + " xmlns:meta=\"urn:oasis:names:tc:opendocument:xmlns:meta:1.0\""
            + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\" office:version=\"1.2\">"
            + "<office:meta><dc:title>"
            + xml(doc.title())
            + "</dc:title><meta:initial-creator>"
            + xml(doc.author())
            + "</meta:initial-creator><dc:creator>"
            + xml(doc.author())
            + "</dc:creator><meta:creation-date>"
            + CREATED
            + "</meta:creation-date><meta:generator>simweb</meta:generator>"
            + "</office:meta></office:document-meta>\n";
    String manifest =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<manifest:manifest"
            + " xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\""
            + " manifest:version=\"1.2\">\n"
            + " <manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\""
            + ODT_MIME
            + "\"/>\n"
            + " <manifest:file-entry manifest:full-path=\"content.xml\""
            + " manifest:media-type=\"text/xml\"/>\n"
            + " <manifest:file-entry manifest:full-path=\"meta.xml\""
            + " manifest:media-type=\"text/xml\"/>\n"
            + "</manifest:manifest>\n";
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      byte[] mime = ODT_MIME.getBytes(StandardCharsets.US_ASCII);
      ZipEntry mimetype = new ZipEntry("mimetype");
      mimetype.setMethod(ZipEntry.STORED);
      mimetype.setSize(mime.length);
      CRC32 crc = new CRC32();
      crc.update(mime);
      mimetype.setCrc(crc.getValue());
      put(zip, mimetype, mime);
      put(zip, new ZipEntry("META-INF/manifest.xml"), utf8(manifest));
      put(zip, new ZipEntry("meta.xml"), utf8(meta));
      put(zip, new ZipEntry("content.xml"), utf8(content.toString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** Plain text: one line per line. */
  static byte[] text(Doc doc) {
    return utf8(String.join("\n", doc.lines()) + "\n");
  }

  /** An RSS 2.0 channel: an item per feed item, with title, link, description and pubDate. */
  static byte[] rss(String title, String link, List<SiteModel.FeedItem> items) {
    StringBuilder sb = new StringBuilder();
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\">\n<channel>\n")
        .append("<title>")
        .append(xml(title))
        .append("</title>\n<link>")
        .append(xml(link))
        .append("</link>\n<description>News of ")
        .append(xml(title))
        .append("</description>\n");
    for (SiteModel.FeedItem item : items) {
      sb.append("<item>\n<title>")
          .append(xml(item.title()))
          .append("</title>\n<link>")
          .append(xml(item.url()))
          .append("</link>\n<guid>")
          .append(xml(item.url()))
          .append("</guid>\n<description>")
          .append(xml(item.summary()))
          .append("</description>\n<pubDate>")
          .append(
              DateTimeFormatter.RFC_1123_DATE_TIME.format(
                  ZonedDateTime.ofInstant(item.published(), ZoneOffset.UTC)))
          .append("</pubDate>\n</item>\n");
    }
    sb.append("</channel>\n</rss>\n");
    return utf8(sb.toString());
  }

  /** An Atom 1.0 feed: an entry per feed item, with title, link, id, summary and dates. */
  static byte[] atom(String title, String link, List<SiteModel.FeedItem> items) {
    StringBuilder sb = new StringBuilder();
    Instant updated = items.isEmpty() ? CREATED : items.get(0).published();
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<title>")
        .append(xml(title))
        .append("</title>\n<id>")
        .append(xml(link))
        .append("</id>\n<link rel=\"self\" href=\"")
        .append(xml(link))
        .append("\"/>\n<updated>")
        .append(updated)
        .append("</updated>\n<author><name>simweb</name></author>\n");
    for (SiteModel.FeedItem item : items) {
      sb.append("<entry>\n<title>")
          .append(xml(item.title()))
          .append("</title>\n<link href=\"")
          .append(xml(item.url()))
          .append("\"/>\n<id>")
          .append(xml(item.url()))
          .append("</id>\n<published>")
          .append(item.published())
          .append("</published>\n<updated>")
          .append(item.published())
          .append("</updated>\n<summary>")
          .append(xml(item.summary()))
          .append("</summary>\n</entry>\n");
    }
    sb.append("</feed>\n");
    return utf8(sb.toString());
  }

  /** The same zip with every entry's time fixed: POI stamps entries with the clock. */
  private static byte[] fixedTimes(byte[] zipBytes) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(zipBytes.length);
    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zipBytes));
        ZipOutputStream out = new ZipOutputStream(bytes)) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        put(out, new ZipEntry(e.getName()), in.readAllBytes());
      }
    }
    return bytes.toByteArray();
  }

  private static void put(ZipOutputStream zip, ZipEntry entry, byte[] data) throws IOException {
    entry.setTime(CREATED.toEpochMilli());
    zip.putNextEntry(entry);
    zip.write(data);
    zip.closeEntry();
  }

  private static Calendar calendar(Instant instant) {
    Calendar c = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
    c.setTimeInMillis(instant.toEpochMilli());
    return c;
  }

  /** Lines of at most {@code width} characters, broken at spaces. */
  private static List<String> wrap(String line, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String word : line.split(" ")) {
      if (current.length() > 0 && current.length() + 1 + word.length() > width) {
        lines.add(current.toString());
        current.setLength(0);
      }
      if (current.length() > 0) {
        current.append(' ');
      }
      current.append(word);
    }
    lines.add(current.toString());
    return lines;
  }

  private static String xml(String s) {
    return s == null ? "" : SimWebHtml.escape(s);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
