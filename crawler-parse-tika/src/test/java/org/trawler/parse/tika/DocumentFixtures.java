package org.trawler.parse.tika;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.apache.poi.xwpf.usermodel.XWPFHyperlinkRun;
import org.apache.poi.xwpf.usermodel.XWPFParagraph;

/**
 * Writes the documents tests parse, with the libraries Tika brings (PDFBox, POI) or by hand (ODT):
 * no binary fixture is checked in. Each method returns the file's bytes; each document carries the
 * given title, author, words and links, so a test can assert exactly what a parse gives.
 */
public final class DocumentFixtures {
  private DocumentFixtures() {}

  /** A document's content: its title and author metadata, lines of text, link targets. */
  public record Doc(String title, String author, List<String> lines, List<String> links) {}

  /**
   * A PDF of one page per {@code pagesPerLine} lines... here one page holding every line, each link
   * a URI annotation over its own line of text ("link N").
   */
  public static byte[] pdf(Doc doc) {
    return pdf(doc, 1);
  }

  /** A PDF of {@code pages} pages, each carrying all the lines and links of {@code doc}. */
  public static byte[] pdf(Doc doc, int pages) {
    try (PDDocument pdf = new PDDocument()) {
      PDDocumentInformation info = pdf.getDocumentInformation();
      info.setTitle(doc.title());
      info.setAuthor(doc.author());
      info.setCreator("Trawler DocumentFixtures");
      PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
      for (int p = 0; p < pages; p++) {
        PDPage page = new PDPage(PDRectangle.A4);
        pdf.addPage(page);
        float y = 780;
        try (PDPageContentStream out = new PDPageContentStream(pdf, page)) {
          for (String line : doc.lines()) {
            writeLine(out, font, line, y);
            y -= 16;
          }
          for (int i = 0; i < doc.links().size(); i++) {
            writeLine(out, font, "link " + i, y);
            PDAnnotationLink link = new PDAnnotationLink();
            link.setRectangle(new PDRectangle(50, y - 2, 100, 14));
            PDActionURI action = new PDActionURI();
            action.setURI(doc.links().get(i));
            link.setAction(action);
            page.getAnnotations().add(link);
            y -= 16;
          }
        }
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      pdf.save(bytes);
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A PDF of one page set as a book sets it: each paragraph's lines (a word broken at a line end
   * carries its hyphen on the first line, as the typesetter left it) 14 points apart, a blank line
   * between paragraphs, every line a text object of its own as word processors write them.
   */
  public static byte[] typesetPdf(String title, List<List<String>> paragraphs) {
    try (PDDocument pdf = new PDDocument()) {
      pdf.getDocumentInformation().setTitle(title);
      PDType1Font font = new PDType1Font(Standard14Fonts.FontName.TIMES_ROMAN);
      PDPage page = new PDPage(PDRectangle.A4);
      pdf.addPage(page);
      float y = 780;
      try (PDPageContentStream out = new PDPageContentStream(pdf, page)) {
        for (List<String> paragraph : paragraphs) {
          for (String line : paragraph) {
            writeLine(out, font, line, y);
            y -= 14;
          }
          y -= 14;
        }
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      pdf.save(bytes);
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void writeLine(PDPageContentStream out, PDType1Font font, String line, float y)
      throws IOException {
    out.beginText();
    out.setFont(font, 12);
    out.newLineAtOffset(50, y);
    out.showText(line);
    out.endText();
  }

  /** A DOCX: the lines as paragraphs, then one hyperlink paragraph per link. */
  public static byte[] docx(Doc doc) {
    try (XWPFDocument word = new XWPFDocument()) {
      word.getProperties().getCoreProperties().setTitle(doc.title());
      word.getProperties().getCoreProperties().setCreator(doc.author());
      for (String line : doc.lines()) {
        word.createParagraph().createRun().setText(line);
      }
      for (int i = 0; i < doc.links().size(); i++) {
        XWPFParagraph p = word.createParagraph();
        XWPFHyperlinkRun run = p.createHyperlinkRun(doc.links().get(i));
        run.setText("link " + i);
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      word.write(bytes);
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An ODT (OpenDocument text), zipped here: the mimetype entry stored first, then the XML. */
  public static byte[] odt(Doc doc) {
    StringBuilder body = new StringBuilder();
    for (String line : doc.lines()) {
      body.append("<text:p>").append(xml(line)).append("</text:p>");
    }
    for (int i = 0; i < doc.links().size(); i++) {
      body.append("<text:p><text:a xlink:type=\"simple\" xlink:href=\"")
          .append(xml(doc.links().get(i)))
          .append("\">link ")
          .append(i)
          .append("</text:a></text:p>");
    }
    String ns =
        " xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\""
            + " xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\""
            + " xmlns:xlink=\"http://www.w3.org/1999/xlink\""
            + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
            + " xmlns:meta=\"urn:oasis:names:tc:opendocument:xmlns:meta:1.0\"";
    String contentXml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><office:document-content"
            + ns
            + " office:version=\"1.2\"><office:body><office:text>"
            + body
            + "</office:text></office:body></office:document-content>";
    String metaXml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><office:document-meta"
            + ns
            + " office:version=\"1.2\"><office:meta><dc:title>"
            + xml(doc.title())
            + "</dc:title><meta:initial-creator>"
            + xml(doc.author())
            + "</meta:initial-creator><dc:creator>"
            + xml(doc.author())
            + "</dc:creator></office:meta></office:document-meta>";
    String manifest =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><manifest:manifest"
            + " xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\""
            + " manifest:version=\"1.2\">"
            + "<manifest:file-entry manifest:full-path=\"/\""
            + " manifest:media-type=\"application/vnd.oasis.opendocument.text\"/>"
            + "<manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/>"
            + "<manifest:file-entry manifest:full-path=\"meta.xml\" manifest:media-type=\"text/xml\"/>"
            + "</manifest:manifest>";
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      byte[] mimetype =
          "application/vnd.oasis.opendocument.text".getBytes(StandardCharsets.US_ASCII);
      ZipEntry first = new ZipEntry("mimetype");
      first.setMethod(ZipEntry.STORED);
      first.setSize(mimetype.length);
      CRC32 crc = new CRC32();
      crc.update(mimetype);
      first.setCrc(crc.getValue());
      zip.putNextEntry(first);
      zip.write(mimetype);
      zip.closeEntry();
      put(zip, "content.xml", contentXml);
      put(zip, "meta.xml", metaXml);
      put(zip, "META-INF/manifest.xml", manifest);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /**
   * An XLSX: one sheet, a cell per line in column A, then a cell "link N" per link with its
   * hyperlink.
   */
  public static byte[] xlsx(Doc doc) {
    try (org.apache.poi.xssf.usermodel.XSSFWorkbook book =
        new org.apache.poi.xssf.usermodel.XSSFWorkbook()) {
      book.getProperties().getCoreProperties().setTitle(doc.title());
      book.getProperties().getCoreProperties().setCreator(doc.author());
      org.apache.poi.xssf.usermodel.XSSFSheet sheet = book.createSheet("Sheet1");
      int row = 0;
      for (String line : doc.lines()) {
        sheet.createRow(row++).createCell(0).setCellValue(line);
      }
      for (int i = 0; i < doc.links().size(); i++) {
        org.apache.poi.xssf.usermodel.XSSFCell cell = sheet.createRow(row++).createCell(0);
        cell.setCellValue("link " + i);
        org.apache.poi.xssf.usermodel.XSSFHyperlink link =
            book.getCreationHelper()
                .createHyperlink(org.apache.poi.common.usermodel.HyperlinkType.URL);
        link.setAddress(doc.links().get(i));
        cell.setHyperlink(link);
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      book.write(bytes);
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A PPTX: one slide, a text box with a paragraph per line, then "link N" runs with links. */
  public static byte[] pptx(Doc doc) {
    try (org.apache.poi.xslf.usermodel.XMLSlideShow show =
        new org.apache.poi.xslf.usermodel.XMLSlideShow()) {
      show.getProperties().getCoreProperties().setTitle(doc.title());
      show.getProperties().getCoreProperties().setCreator(doc.author());
      org.apache.poi.xslf.usermodel.XSLFSlide slide = show.createSlide();
      org.apache.poi.xslf.usermodel.XSLFTextBox box = slide.createTextBox();
      box.setAnchor(new java.awt.Rectangle(50, 50, 600, 400));
      box.clearText();
      for (String line : doc.lines()) {
        box.addNewTextParagraph().addNewTextRun().setText(line);
      }
      for (int i = 0; i < doc.links().size(); i++) {
        org.apache.poi.xslf.usermodel.XSLFTextRun run = box.addNewTextParagraph().addNewTextRun();
        run.setText("link " + i);
        run.createHyperlink().setAddress(doc.links().get(i));
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      show.write(bytes);
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An RTF, written by hand: title and author in its info group, a HYPERLINK field per link. */
  public static byte[] rtf(Doc doc) {
    StringBuilder rtf = new StringBuilder("{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}");
    rtf.append("{\\info{\\title ")
        .append(rtfText(doc.title()))
        .append("}{\\author ")
        .append(rtfText(doc.author()))
        .append("}}");
    for (String line : doc.lines()) {
      rtf.append(rtfText(line)).append("\\par\n");
    }
    for (int i = 0; i < doc.links().size(); i++) {
      rtf.append("{\\field{\\*\\fldinst HYPERLINK \"")
          .append(doc.links().get(i))
          .append("\"}{\\fldrslt link ")
          .append(i)
          .append("}}\\par\n");
    }
    return rtf.append("}").toString().getBytes(StandardCharsets.US_ASCII);
  }

  private static String rtfText(String s) {
    return s.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}");
  }

  /**
   * A ZIP nesting {@code levels.size()} levels: level i holds {@code level-i.txt} with the words
   * {@code levels.get(i)} and, but for the last, the ZIP of the next level.
   */
  public static byte[] nestedZip(List<String> levels) {
    byte[] inner = null;
    for (int i = levels.size() - 1; i >= 0; i--) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
        put(zip, "level-" + i + ".txt", levels.get(i));
        if (inner != null) {
          zip.putNextEntry(new ZipEntry("level-" + (i + 1) + ".zip"));
          zip.write(inner);
          zip.closeEntry();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      inner = bytes.toByteArray();
    }
    return inner;
  }

  /** A zip of one text file per entry of {@code texts}, side by side. */
  public static byte[] flatZip(List<String> texts) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      for (int i = 0; i < texts.size(); i++) {
        put(zip, "file-" + i + ".txt", texts.get(i));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static void put(ZipOutputStream zip, String name, String text) throws IOException {
    zip.putNextEntry(new ZipEntry(name));
    zip.write(text.getBytes(StandardCharsets.UTF_8));
    zip.closeEntry();
  }

  private static String xml(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
