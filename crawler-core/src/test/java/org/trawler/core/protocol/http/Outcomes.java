package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;

import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolOutput;

/** The assertion every protocol test makes: this fetch status with this reason. */
final class Outcomes {
  private Outcomes() {}

  static void assertOutcome(ProtocolOutput out, CrawlStatus status, String reason) {
    assertEquals(out.toString(), status.label(), out.getStatus().label());
    assertEquals(out.toString(), reason, out.getReasonName());
  }
}
