package org.trawler.jobs.update;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.net.LinkPolicy;

public class RedirectLinksTest {
  private static final String FROM = "http://a.example/old";

  private final RedirectLinks acceptAll =
      new RedirectLinks((url, scope) -> url, url -> url, new LinkPolicy(false, false));

  private static CrawlDatum redirect(CrawlStatus status, String target) {
    CrawlDatum d = Datums.fetch(status, Datums.NOW);
    d.putMeta(MetadataKeys.REDIRECT_TARGET, target);
    d.setScore(0.8f);
    d.setDepth(3);
    return d;
  }

  @Test
  public void onlyRedirectsWithATargetHaveOne() {
    assertTrue(
        RedirectLinks.hasTarget(redirect(CrawlStatus.FETCH_REDIR_PERM, "http://a.example/new")));
    assertTrue(RedirectLinks.hasTarget(redirect(CrawlStatus.FETCH_REDIR_TEMP, "/new")));
    assertFalse(RedirectLinks.hasTarget(redirect(CrawlStatus.FETCH_REDIR_PERM, "")));
    assertFalse(
        RedirectLinks.hasTarget(redirect(CrawlStatus.FETCH_SUCCESS, "http://a.example/new")));
    assertFalse(RedirectLinks.hasTarget(Datums.fetch(CrawlStatus.FETCH_REDIR_PERM, Datums.NOW)));
  }

  @Test
  public void relativeTargetIsResolvedAgainstTheSource() {
    assertEquals(
        "http://a.example/new/page",
        acceptAll.target(FROM, redirect(CrawlStatus.FETCH_REDIR_PERM, "/new/page")));
  }

  @Test
  public void targetIsNormalizedInTheOutlinkScopeAndFiltered() {
    RedirectLinks lowerCasing =
        new RedirectLinks(
            (url, scope) -> scope.equals("outlink") ? url.toLowerCase() : url,
            url -> url.contains("private") ? null : url,
            new LinkPolicy(false, false));
    assertEquals(
        "http://a.example/new",
        lowerCasing.target(FROM, redirect(CrawlStatus.FETCH_REDIR_PERM, "/NEW")));
    assertNull(lowerCasing.target(FROM, redirect(CrawlStatus.FETCH_REDIR_PERM, "/private")));
  }

  @Test
  public void selfRedirectMalformedTargetAndPolicyRejectionGiveNoTarget() {
    assertNull(acceptAll.target(FROM, redirect(CrawlStatus.FETCH_REDIR_TEMP, FROM)));
    assertNull(acceptAll.target(FROM, redirect(CrawlStatus.FETCH_REDIR_TEMP, "nosuchscheme://x")));
    RedirectLinks sameHostOnly =
        new RedirectLinks((url, scope) -> url, url -> url, new LinkPolicy(true, false));
    assertNull(
        sameHostOnly.target(FROM, redirect(CrawlStatus.FETCH_REDIR_PERM, "http://b.example/")));
    assertEquals(
        "http://a.example/x",
        sameHostOnly.target(FROM, redirect(CrawlStatus.FETCH_REDIR_PERM, "/x")));
  }

  @Test
  public void linkCarriesTheSourcesScoreAndDepth() {
    CrawlDatum link = RedirectLinks.linkFrom(redirect(CrawlStatus.FETCH_REDIR_PERM, "/new"));
    assertEquals(CrawlStatus.LINKED, link.getStatus());
    assertEquals(0.8f, link.getScore(), 1e-6);
    assertEquals(3, link.getDepth());
  }
}
