package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.trawler.core.protocol.http.Outcomes.assertOutcome;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;

/**
 * A chain of 50 redirects costs at most http.redirect.max + 1 requests per fetch: the fetch ends
 * with the last redirect and its target, left for the next round (where depth and round limits
 * bound it), never a walk down the whole chain.
 */
public class RedirectChainTest {
  private static final int HOPS = 50;

  private LoopbackHttpServer server;

  @Before
  public void startChain() throws IOException {
    server = LoopbackHttpServer.start("127.0.0.1");
    for (int i = 0; i < HOPS; i++) {
      server.on("/hop" + i, LoopbackHttpServer.redirect(i % 2 == 0 ? 302 : 301, "/hop" + (i + 1)));
    }
    server.on("/hop" + HOPS, LoopbackHttpServer.text(200, "text/plain", "the end"));
  }

  @After
  public void stop() {
    server.close();
  }

  private ProtocolOutput fetchWithRedirectMax(int max) {
    Configuration conf = ShortTimeouts.conf();
    // Up to HOPS + 1 requests in one fetch: the short deadline failed it on a loaded machine, and
    // no
    // test here is about time.
    conf.setInt(ProtocolKeys.REQUEST_DEADLINE, 60_000);
    conf.setInt(ProtocolKeys.REDIRECT_MAX, max);
    try (HttpProtocol protocol = new HttpProtocol(conf)) {
      return protocol.fetch(server.url("/hop0"), 0);
    }
  }

  @Test
  public void byDefaultOneRequestAndTheTargetIsLeftForTheNextRound() {
    ProtocolOutput out = fetchWithRedirectMax(0);
    assertOutcome(out, CrawlStatus.FETCH_REDIR_TEMP, "http_302");
    assertEquals(server.url("/hop1"), out.getRedirectTarget());
    assertEquals(1, server.totalHits() - server.hits("/robots.txt"));
  }

  @Test
  public void followingInlineStopsAfterRedirectMaxHops() {
    ProtocolOutput out = fetchWithRedirectMax(10);
    assertOutcome(out, CrawlStatus.FETCH_REDIR_TEMP, "http_302"); // hop10's own redirect
    assertEquals(server.url("/hop11"), out.getRedirectTarget());
    assertEquals("hop0 .. hop10", 11, server.totalHits() - server.hits("/robots.txt"));
    assertEquals(0, server.hits("/hop11"));
    assertEquals(0, server.hits("/hop" + HOPS));
  }

  @Test
  public void aChainShorterThanRedirectMaxIsFollowedToItsEnd() {
    ProtocolOutput out = fetchWithRedirectMax(HOPS);
    assertOutcome(out, CrawlStatus.FETCH_SUCCESS, "ok");
    assertEquals(server.url("/hop" + HOPS), out.getContent().getFinalUrl());
    assertEquals(HOPS + 1, server.totalHits() - server.hits("/robots.txt"));
  }
}
