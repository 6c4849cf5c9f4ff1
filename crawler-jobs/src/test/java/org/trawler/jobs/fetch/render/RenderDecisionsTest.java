package org.trawler.jobs.fetch.render;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.Test;

/**
 * The plain decisions of a render: which locations a frame may go to, which location a DOM is taken
 * from, and how a DOM over fetcher.render.max.bytes is cut.
 */
public class RenderDecisionsTest {
  @Test
  public void framesMayGoToTheWebAndStayWithinThePageOnly() {
    for (String ok :
        new String[] {"http://a.example/", "HTTPS://a.example/x", "about:blank", "blob:x"}) {
      assertTrue(ok, SubRequestPolicy.isNavigable(ok));
    }
    for (String refused :
        new String[] {
          "file:///etc/passwd",
          "chrome://version/",
          "data:text/html,x",
          "view-source:http://a/",
          "filesystem:http://a/x",
          "chrome-extension://x/",
          "nothing"
        }) {
      assertFalse(refused, SubRequestPolicy.isNavigable(refused));
    }
  }

  @Test
  public void aDomIsTakenOnlyFromAPageOfTheWeb() {
    assertTrue(SubRequestPolicy.isWeb("http://a.example/p"));
    assertTrue(SubRequestPolicy.isWeb("https://a.example:8443/"));
    assertFalse(SubRequestPolicy.isWeb("file:///etc/passwd"));
    assertFalse(SubRequestPolicy.isWeb("about:blank"));
    assertFalse(SubRequestPolicy.isWeb("data:text/html,x"));
    assertFalse(SubRequestPolicy.isWeb("http:/nohost"));
  }

  @Test
  public void aSubRequestIsSameSiteOnlyWithTheSameSchemeHostAndPort() {
    String page = "http://A.example/p";
    assertTrue(SubRequestPolicy.sameSite(page, "http://a.example:80/style.css"));
    assertTrue(SubRequestPolicy.sameSite(page, "http://user@a.example/x.js"));
    assertFalse(SubRequestPolicy.sameSite(page, "http://a.example:8080/x.js"));
    assertFalse(SubRequestPolicy.sameSite(page, "https://a.example/x.js"));
    assertFalse(SubRequestPolicy.sameSite(page, "http://b.example/x.js"));
  }

  @Test
  public void aDomOverTheCapIsCutAtACharactersBoundary() {
    PageRender.Result whole = PageRender.dom("<p>abc</p>", 10);
    assertEquals(PageRender.Outcome.RENDERED, whole.outcome());
    assertEquals("<p>abc</p>", new String(whole.dom(), StandardCharsets.UTF_8));
    // "<p>" then € (three bytes): a cap of 5 would split it
    PageRender.Result cut = PageRender.dom("<p>\u20ac\u20ac</p>", 5);
    assertEquals(PageRender.Outcome.TRUNCATED, cut.outcome());
    assertArrayEquals("<p>".getBytes(StandardCharsets.UTF_8), cut.dom());
    assertEquals(
        "<p>\u20ac",
        new String(PageRender.dom("<p>\u20ac\u20ac</p>", 6).dom(), StandardCharsets.UTF_8));
  }

  @Test
  public void theBrowserReadsOneCharacterPastTheCapAtMost() {
    assertEquals(
        "[String(location.href), document.documentElement"
            + " ? document.documentElement.outerHTML.substring(0, 101) : '']",
        PageRender.readDom(100));
  }
}
