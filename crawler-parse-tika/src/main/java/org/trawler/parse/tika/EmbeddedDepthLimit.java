package org.trawler.parse.tika;

import java.io.IOException;
import java.io.InputStream;
import org.apache.tika.extractor.EmbeddedDocumentExtractor;
import org.apache.tika.extractor.ParsingEmbeddedDocumentExtractor;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.parser.ParseContext;
import org.xml.sax.ContentHandler;
import org.xml.sax.SAXException;

/**
 * Parses documents embedded in a document (attachments, an Office file in a PDF) down to {@code
 * maxDepth} levels and skips deeper ones, and parses {@code maxCount} of them at most (-1: all), so
 * that a zip of a hundred thousand tiny files is not a hundred thousand parses: one instance per
 * parse, which the nested parses share through the ParseContext.
 */
final class EmbeddedDepthLimit implements EmbeddedDocumentExtractor {
  private final ParsingEmbeddedDocumentExtractor delegate;
  private final int maxDepth;
  private final int maxCount;
  private int depth;
  private int count;
  private boolean skipped;
  private boolean skippedMany;

  EmbeddedDepthLimit(ParseContext context, int maxDepth, int maxCount) {
    this.delegate = new ParsingEmbeddedDocumentExtractor(context);
    this.maxDepth = maxDepth;
    this.maxCount = maxCount;
  }

  @Override
  public boolean shouldParseEmbedded(Metadata metadata) {
    if (depth >= maxDepth) {
      skipped = true;
      return false;
    }
    if (maxCount >= 0 && count >= maxCount) {
      skippedMany = true;
      return false;
    }
    return delegate.shouldParseEmbedded(metadata);
  }

  @Override
  public void parseEmbedded(
      InputStream stream, ContentHandler handler, Metadata metadata, boolean outputHtml)
      throws SAXException, IOException {
    depth++;
    count++;
    try {
      delegate.parseEmbedded(stream, handler, metadata, outputHtml);
    } finally {
      depth--;
    }
  }

  /** Whether an embedded document deeper than the limit was skipped. */
  boolean skipped() {
    return skipped;
  }

  /** Whether embedded documents past parser.embedded.max.count were skipped. */
  boolean skippedMany() {
    return skippedMany;
  }
}
