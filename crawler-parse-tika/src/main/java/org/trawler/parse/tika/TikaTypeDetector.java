package org.trawler.parse.tika;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.tika.detect.Detector;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.mime.MediaType;
import org.trawler.core.datum.MimeTypes;
import org.trawler.core.parse.TypeDetector;

/**
 * Tika's detector: magic bytes first, then the Content-Type header where it names a more specific
 * type, and the URL's file name only when neither tells. Servers send PDFs as
 * application/octet-stream and RSS as text/xml: the bytes win over such a header; a DOCX is told
 * from a plain zip by its parts.
 */
public class TikaTypeDetector implements TypeDetector {
  private final Detector detector = DefaultTikaConfig.get().getDetector();

  @Override
  public String detect(byte[] bytes, String headerType, String url) {
    String type = detectWith(bytes, headerType, "");
    if (type.equals(MimeTypes.OCTET_STREAM)) {
      // the file name only when bytes and header tell nothing: a header is the server's word, a
      // name in a URL may be a script's (page.php serving a PDF) or a leftover
      type = detectWith(bytes, headerType, DocumentNames.fileName(url));
    }
    return type;
  }

  private String detectWith(byte[] bytes, String headerType, String name) {
    Metadata metadata = new Metadata();
    if (headerType != null && !headerType.isBlank()) {
      metadata.set(Metadata.CONTENT_TYPE, headerType);
    }
    if (!name.isEmpty()) {
      metadata.set(TikaCoreProperties.RESOURCE_NAME_KEY, name);
    }
    try (TikaInputStream in = TikaInputStream.get(bytes)) {
      MediaType type = detector.detect(in, metadata);
      return type == null ? MimeTypes.OCTET_STREAM : type.getBaseType().toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // reading an array does not fail
    }
  }
}
