package org.trawler.jobs.crawl;

import static org.junit.Assert.assertEquals;

import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.parse.SimHash;

/** check -hostdb names host_backoff and soft_404 when they apply to the page checked. */
public class HostCheckTest {
  private static final String NOT_FOUND = "Sorry, the page you asked for could not be found here";

  private static final long NOW = 1_700_000_000_000L;

  private final HostCheck check = new HostCheck(new Configuration(false));

  private static HostDatum answeringMissingPagesWith(String text) {
    HostDatum host = new HostDatum();
    host.setSoft404(
        HostDatum.Soft404.PAGE, new SimHash(1).fingerprint(text).getAsLong(), NOW - 1000);
    return host;
  }

  @Test
  public void aBackoffInForceIsHostBackoffUntilItEnds() {
    HostDatum host = new HostDatum();
    host.setBackoff(2, NOW + 60_000);
    Map<String, String> notes = check.notes(host, "any page", NOW);
    assertEquals(Set.of("host_backoff"), notes.keySet());
    assertEquals(
        "the host pushed back (429/503), backoff level 2: the crawl leaves it out until"
            + " 2023-11-14T22:14:20Z",
        notes.get("host_backoff"));
    assertEquals(Set.of("none"), check.notes(host, "any page", NOW + 60_000).keySet());
  }

  @Test
  public void thePageTheHostAnswersForMissingPagesIsSoft404() {
    HostDatum host = answeringMissingPagesWith(NOT_FOUND);
    assertEquals(Set.of("soft_404"), check.notes(host, NOT_FOUND, NOW).keySet());
    assertEquals(
        Set.of("none"),
        check.notes(host, "A long article about lighthouses on rocky coasts", NOW).keySet());
    assertEquals(Set.of("none"), check.notes(host, null, NOW).keySet());
  }
}
