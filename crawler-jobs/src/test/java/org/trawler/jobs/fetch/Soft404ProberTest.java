package org.trawler.jobs.fetch;

import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.parse.Parsers;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.hostdb.HostKnowledge;

/**
 * Which hosts a fetch task probes: those that answered enough pages with 200 and have another URL.
 */
public class Soft404ProberTest {
  private final Soft404Prober prober =
      new Soft404Prober(
          HostKnowledge.NONE, 30 * 86_400_000L, 2, new Parsers(LocalJobFixtures.localConf()));

  private static ProtocolOutput ok(String url) {
    byte[] html = "<html><body>hello</body></html>".getBytes(StandardCharsets.UTF_8);
    return ProtocolOutput.success(200, new Content(url, url, html, "text/html", false));
  }

  @Test
  public void aHostIsProbedOnceAfterEnough200s() {
    assertNull("nothing answered yet", prober.claim("http://www.a.test/1.html", 0));
    prober.fetched("http://www.a.test/1.html", ok("http://www.a.test/1.html"));
    assertNull("one page answered of two", prober.claim("http://www.a.test/2.html", 0));
    prober.fetched("http://www.a.test/2.html", ok("http://www.a.test/2.html"));
    String probe = prober.claim("http://www.a.test/2.html", 0);
    assertNotNull(probe);
    assertTrue(probe, probe.startsWith("http://www.a.test/"));
    assertNull("once per task", prober.claim("http://www.a.test/3.html", 0));
    assertNull("another host answered nothing", prober.claim("http://b.test/", 0));
  }

  @Test
  public void aHostThatOnlyRedirectsOrFailsIsNeverProbed() {
    prober.fetched("http://a.test/", ProtocolOutput.redirect(true, 301, "http://www.a.test/"));
    assertNull(prober.claim("http://a.test/x", 0));
    prober.fetched("http://c.test/", ProtocolOutput.gone(404, Reason.HTTP, "404"));
    assertNull(prober.claim("http://c.test/y", 0));
  }
}
