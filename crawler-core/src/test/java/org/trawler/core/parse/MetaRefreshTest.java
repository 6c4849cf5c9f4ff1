package org.trawler.core.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.junit.Test;
import org.trawler.core.datum.CrawlStatus;

public class MetaRefreshTest {
  private static final List<String> SELF = List.of("http://example.com/old");
  private static final String TARGET = "http://example.com/new";

  private static void parsesTo(String content, long delay, String url) {
    assertEquals(content, new MetaRefresh(delay, url), MetaRefresh.parse(content));
  }

  @Test
  public void theUsualFormsParse() {
    parsesTo("0; url=http://example.com/new", 0, "http://example.com/new");
    parsesTo("0;url=/new", 0, "/new");
    parsesTo("5; URL=/new", 5, "/new");
    parsesTo("3;Url=new.html", 3, "new.html");
  }

  @Test
  public void quotesSpacesAndCaseAsPagesWriteThem() {
    parsesTo("0;URL='/new'", 0, "/new");
    parsesTo("0; url=\"/new\"", 0, "/new");
    parsesTo("  0 ;  URL = '/new'  ", 0, "/new");
    parsesTo("0;URL='/new", 0, "/new"); // no closing quote
    parsesTo("0, url=/new", 0, "/new");
    parsesTo("0 url=/new", 0, "/new");
    parsesTo("0; /new", 0, "/new"); // no url=
    parsesTo("0;url=/a?b=1;c=2", 0, "/a?b=1;c=2"); // the URL's own semicolons stay
    parsesTo("1.5; url=/new", 1, "/new");
    parsesTo(".5; url=/new", 0, "/new");
  }

  @Test
  public void aRefreshWithoutUrlReloadsThePage() {
    parsesTo("30", 30, "");
    parsesTo("0;", 0, "");
    parsesTo("0; url=", 0, "");
    parsesTo("0; url=''", 0, "");
  }

  @Test
  public void contentWithoutADelayIsNoRefresh() {
    assertNull(MetaRefresh.parse(null));
    assertNull(MetaRefresh.parse(""));
    assertNull(MetaRefresh.parse("url=/new"));
    assertNull(MetaRefresh.parse("-1; url=/new"));
    assertNull(MetaRefresh.parse("soon; url=/new"));
    assertNull(MetaRefresh.parse("0x; url=/new"));
  }

  @Test
  public void aHugeDelayIsNever() {
    assertEquals(Long.MAX_VALUE, MetaRefresh.parse("99999999999999999999; url=/x").delaySeconds());
  }

  @Test
  public void aQuickRefreshToAnotherUrlIsATemporaryRedirect() {
    MetaRefresh.Redirect r = new MetaRefresh(0, "/new").redirect(TARGET, SELF, false);
    assertEquals(TARGET, r.target());
    assertFalse(r.permanent());
    assertEquals(CrawlStatus.FETCH_REDIR_TEMP, r.fetchStatus());
    assertEquals(
        CrawlStatus.FETCH_REDIR_TEMP,
        new MetaRefresh(MetaRefresh.MAX_REDIRECT_DELAY_SECONDS, "/new")
            .redirect(TARGET, SELF, false)
            .fetchStatus());
  }

  @Test
  public void onlyAnInstantRefreshIsPermanentAndOnlyWhenConfigured() {
    assertTrue(new MetaRefresh(0, "/new").redirect(TARGET, SELF, true).permanent());
    assertEquals(
        CrawlStatus.FETCH_REDIR_PERM,
        new MetaRefresh(0, "/new").redirect(TARGET, SELF, true).fetchStatus());
    assertFalse(new MetaRefresh(1, "/new").redirect(TARGET, SELF, true).permanent());
  }

  @Test
  public void aSlowRefreshIsNoRedirect() {
    assertNull(
        new MetaRefresh(MetaRefresh.MAX_REDIRECT_DELAY_SECONDS + 1, "/new")
            .redirect(TARGET, SELF, false));
    assertNull(new MetaRefresh(Long.MAX_VALUE, "/new").redirect(TARGET, SELF, false));
  }

  @Test
  public void aRefreshToThePageItselfOrToNothingCrawlableIsNoRedirect() {
    assertNull(new MetaRefresh(0, "old").redirect("http://example.com/old", SELF, false));
    assertNull(new MetaRefresh(0, "javascript:go()").redirect(null, SELF, false));
  }
}
