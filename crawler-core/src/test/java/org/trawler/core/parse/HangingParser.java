package org.trawler.core.parse;

import org.trawler.core.datum.Content;

/**
 * Test parser for application/x-hang: deaf to interrupts, it returns only after 20 seconds, like a
 * PDF parser caught in a cyclic page tree (it sleeps rather than spins, to spare the test's cores).
 */
public class HangingParser implements Parser {
  public static final String TYPE = "application/x-hang";
  private static final long HANG_NANOS = 20_000_000_000L;

  @Override
  public ParseResult parse(Content content, String mimeType) {
    long end = System.nanoTime() + HANG_NANOS;
    while (System.nanoTime() - end < 0) {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        // ignored, as Tika's parsers do
      }
    }
    throw new IllegalStateException("hung for 20 s");
  }
}
