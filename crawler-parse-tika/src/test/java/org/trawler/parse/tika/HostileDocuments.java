package org.trawler.parse.tika;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.poi.poifs.crypt.EncryptionInfo;
import org.apache.poi.poifs.crypt.EncryptionMode;
import org.apache.poi.poifs.crypt.Encryptor;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;

/**
 * Hostile and broken documents, written by the tests: a zip bomb dressed as a DOCX, an encrypted
 * PDF, a password-protected DOCX, a PDF whose page tree is a cycle, a file that claims to be a PDF
 * and is not, a very large text file.
 */
public final class HostileDocuments {
  private HostileDocuments() {}

  /** A DOCX whose document part inflates from a few hundred kB to {@code expandedBytes}. */
  public static byte[] zipBombDocx(int expandedBytes) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      put(
          zip,
          "[Content_Types].xml",
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Types"
              + " xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default"
              + " Extension=\"rels\""
              + " ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
              + "<Default Extension=\"xml\" ContentType=\"application/xml\"/><Override"
              + " PartName=\"/word/document.xml\""
              + " ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/></Types>");
      put(
          zip,
          "_rels/.rels",
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Relationships"
              + " xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship"
              + " Id=\"rId1\""
              + " Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\""
              + " Target=\"word/document.xml\"/></Relationships>");
      zip.putNextEntry(new ZipEntry("word/document.xml"));
      zip.write(
          ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><w:document"
                  + " xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\">"
                  + "<w:body><w:p><w:r><w:t>")
              .getBytes(StandardCharsets.UTF_8));
      byte[] block = new byte[1 << 20];
      Arrays.fill(block, (byte) 'a');
      for (int written = 0; written < expandedBytes; written += block.length) {
        zip.write(block);
      }
      zip.write("</w:t></w:r></w:p></w:body></w:document>".getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** A PDF encrypted with a user password (it cannot be opened without it). */
  public static byte[] encryptedPdf() {
    try (PDDocument pdf =
        org.apache.pdfbox.Loader.loadPDF(
            DocumentFixtures.pdf(
                new DocumentFixtures.Doc(
                    "Secret", "Nobody", List.of("hidden words"), List.of())))) {
      StandardProtectionPolicy policy =
          new StandardProtectionPolicy("owner-pw", "user-pw", new AccessPermission());
      policy.setEncryptionKeyLength(128);
      pdf.protect(policy);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      pdf.save(bytes);
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A DOCX encrypted with a password (agile encryption, in an OLE2 container). */
  public static byte[] passwordDocx() {
    byte[] docx =
        DocumentFixtures.docx(
            new DocumentFixtures.Doc("Secret", "Nobody", List.of("hidden words"), List.of()));
    try (POIFSFileSystem fs = new POIFSFileSystem()) {
      EncryptionInfo info = new EncryptionInfo(EncryptionMode.agile);
      Encryptor encryptor = info.getEncryptor();
      encryptor.confirmPassword("secret");
      try (OutputStream out = encryptor.getDataStream(fs)) {
        out.write(docx);
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      fs.writeFilesystem(bytes);
      return bytes.toByteArray();
    } catch (IOException | java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A PDF whose page tree's only kid is the tree itself. */
  public static byte[] cyclicPageTreePdf() {
    return rawPdf("<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [2 0 R] /Count 1 >>");
  }

  /** A PDF header followed by binary noise: no objects, no trailer. */
  public static byte[] notAPdf() {
    byte[] bytes = new byte[4096];
    new java.util.Random(23).nextBytes(bytes);
    byte[] header = "%PDF-1.7\n".getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(header, 0, bytes, 0, header.length);
    return bytes;
  }

  /** Prose, which a server may call application/pdf. */
  public static byte[] prose() {
    return "this is plain prose that a server calls application/pdf"
        .getBytes(StandardCharsets.UTF_8);
  }

  /** {@code bytes} of plain text in lines of words. */
  public static byte[] bigText(int bytes) {
    byte[] line = "lantern wick oil glass brass chimney\n".getBytes(StandardCharsets.US_ASCII);
    byte[] text = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      text[i] = line[i % line.length];
    }
    return text;
  }

  /** A PDF of the given objects (numbered from 1) with a correct cross-reference table. */
  private static byte[] rawPdf(String... objects) {
    StringBuilder pdf = new StringBuilder("%PDF-1.4\n");
    int[] offsets = new int[objects.length];
    for (int i = 0; i < objects.length; i++) {
      offsets[i] = pdf.length();
      pdf.append(i + 1).append(" 0 obj\n").append(objects[i]).append("\nendobj\n");
    }
    int xref = pdf.length();
    pdf.append("xref\n0 ").append(objects.length + 1).append("\n0000000000 65535 f \n");
    for (int offset : offsets) {
      pdf.append(String.format("%010d 00000 n \n", offset));
    }
    pdf.append("trailer\n<< /Size ")
        .append(objects.length + 1)
        .append(" /Root 1 0 R >>\nstartxref\n")
        .append(xref)
        .append("\n%%EOF\n");
    return pdf.toString().getBytes(StandardCharsets.US_ASCII);
  }

  private static void put(ZipOutputStream zip, String name, String text) throws IOException {
    zip.putNextEntry(new ZipEntry(name));
    zip.write(text.getBytes(StandardCharsets.UTF_8));
    zip.closeEntry();
  }
}
