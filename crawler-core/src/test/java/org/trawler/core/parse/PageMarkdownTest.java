package org.trawler.core.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.function.Predicate;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.Emphasis;
import org.commonmark.node.Heading;
import org.commonmark.node.OrderedList;
import org.commonmark.node.StrongEmphasis;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.Test;

public class PageMarkdownTest {
  private static final String URL = "https://docs.example/guide/page.html";
  private static final Predicate<Element> NONE = e -> false;

  private static String markdown(String bodyHtml) {
    return PageMarkdown.of(body(bodyHtml), NONE, -1).markdown();
  }

  private static Element body(String bodyHtml) {
    Document doc = Jsoup.parse("<html><body>" + bodyHtml + "</body></html>", URL);
    return doc.body();
  }

  /** The Markdown of {@code bodyHtml} reads back as the body's text, whitespace aside. */
  private static MarkdownReader readsBackAsText(String bodyHtml) {
    Element body = body(bodyHtml);
    String md = PageMarkdown.of(body, NONE, -1).markdown();
    MarkdownReader reader = new MarkdownReader(md);
    assertEquals(
        md,
        MarkdownReader.squeezed(PageText.of(body, NONE)),
        MarkdownReader.squeezed(reader.text()));
    return reader;
  }

  @Test
  public void headingsParagraphsAndEmphasis() {
    String md =
        markdown(
            "<h1>Getting started</h1><p>Install the <em>latest</em> release, then"
                + " <strong>restart</strong>.</p><h3>Next</h3><p>Done.</p>");
    assertEquals(
        "# Getting started\n\nInstall the *latest* release, then **restart**.\n\n### Next\n\n"
            + "Done.",
        md);
    MarkdownReader r = new MarkdownReader(md);
    assertEquals(2, r.count(Heading.class));
    assertEquals(1, r.count(Emphasis.class));
    assertEquals(1, r.count(StrongEmphasis.class));
  }

  @Test
  public void linksAreAbsolute() {
    String md =
        markdown(
            "<p>See <a href=\"../api/index.html\">the API</a>, <a href=\"#top\">top</a>,"
                + " <a href=\"javascript:void(0)\">menu</a> and"
                + " <a href=\"https://x.example/a_(b)\">Wiki</a>.</p>");
    MarkdownReader r = new MarkdownReader(md);
    assertEquals(
        List.of(
            "https://docs.example/api/index.html",
            "https://docs.example/guide/page.html#top",
            "https://x.example/a_(b)"),
        r.links());
    assertTrue(md, md.contains("menu"));
  }

  @Test
  public void nestedAndOrderedLists() {
    String html =
        "<p>Steps:</p><ol start=\"3\"><li>Download<ul><li>the <b>jar</b></li><li>the docs</li>"
            + "</ul></li><li>Run it</li></ol><ul><li><p>First para</p><p>Second para</p></li>"
            + "<li>Last</li></ul>";
    MarkdownReader r = readsBackAsText(html);
    assertEquals(
        "Steps:\n\n3. Download\n   - the **jar**\n   - the docs\n4. Run it\n\n- First para\n\n"
            + "  Second para\n- Last",
        markdown(html));
    assertEquals(1, r.count(OrderedList.class));
    assertEquals(
        Integer.valueOf(3), ((OrderedList) r.first(OrderedList.class)).getMarkerStartNumber());
  }

  @Test
  public void codeBlocksAreFencedWithTheirLanguage() {
    String html =
        "<p>Call <code>len(s)</code> or <code>a`b</code>:</p><pre><code class=\"language-python\">"
            + "def f(x):\n    return x * 2  # `double`\n```\n</code></pre>"
            + "<div class=\"highlight-python3 notranslate\"><div class=\"highlight\"><pre>"
            + "<span class=\"k\">import</span> os\n</pre></div></div>";
    MarkdownReader r = readsBackAsText(html);
    assertEquals(List.of("python", "python3"), r.codeLanguages());
    String md = markdown(html);
    assertTrue(md, md.contains("Call `len(s)` or ``a`b``:"));
    assertTrue(md, md.contains("````python\ndef f(x):\n    return x * 2  # `double`\n```\n````"));
  }

  @Test
  public void tablesArePipeTables() {
    String html =
        "<table><caption>Options</caption><thead><tr><th>Key</th><th>Default</th></tr></thead>"
            + "<tbody><tr><td><code>a|b</code></td><td>x | y</td></tr>"
            + "<tr><td colspan=\"2\"><p>wide</p></td></tr></tbody></table>";
    MarkdownReader r = readsBackAsText(html);
    assertEquals(1, r.tables());
    assertEquals(
        "Options\n\n| Key | Default |\n| --- | --- |\n| `a\\|b` | x \\| y |\n| wide |  |",
        markdown(html));
  }

  @Test
  public void aLayoutTableIsRenderedAsBlocks() {
    MarkdownReader r =
        readsBackAsText(
            "<table><tr><td><h2>Forum</h2></td><td><table><tr><td>post one</td><td>by ann</td>"
                + "</tr></table></td></tr></table>");
    assertEquals(
        "## Forum\n\n| post one | by ann |\n| --- | --- |",
        markdown(
            "<table><tr><td><h2>Forum</h2></td><td><table><tr><td>post one</td><td>by ann</td>"
                + "</tr></table></td></tr></table>"));
    assertEquals(1, r.tables());
    assertEquals(1, r.count(Heading.class));
  }

  @Test
  public void blockquotesAndBreaks() {
    String html = "<blockquote><p>To be,<br>or not</p><p>that is</p></blockquote><hr><p>end</p>";
    MarkdownReader r = readsBackAsText(html);
    assertEquals("> To be,\\\n> or not\n>\n> that is\n\n---\n\nend", markdown(html));
    assertEquals(1, r.count(BlockQuote.class));
  }

  @Test
  public void metacharactersInTextReadBackAsText() {
    String[] texts = {
      "# not a heading",
      "- not a list",
      "+ nor this",
      "1. nor this",
      "2024) a year",
      "=====",
      "> no quote",
      "*stars* and _under_scores_ and snake_case_name",
      "[not](a link) ![nor](an image) <b>no html</b> &amp; &copy;",
      "a `tick` and \\backslash\\ and | pipes | and ~~tildes~~",
      "```",
      "    four spaces",
      "Wow!",
    };
    for (String t : texts) {
      Element body = body("");
      body.appendElement("p").text(t);
      body.appendElement("p").text("x").appendElement("br");
      body.appendElement("p").appendText("a").appendElement("br").parent().appendText(t);
      body.appendElement("p").appendText("Wow!").appendElement("a").attr("href", "/l").text("l");
      String md = PageMarkdown.of(body, NONE, -1).markdown();
      assertEquals(
          md,
          MarkdownReader.squeezed(PageText.of(body, NONE)),
          MarkdownReader.squeezed(new MarkdownReader(md).text()));
    }
  }

  @Test
  public void emphasisBesidePunctuationKeepsTheText() {
    readsBackAsText(
        "<p>foo<em>\"bar\"</em>baz and <b>x</b><b>y</b> and <i>a <b>b</b></i>"
            + " and <em> spaced </em>word and <strong>-</strong> and <a href=\"/x\"><b>bold"
            + " link</b></a></p>");
  }

  @Test
  public void aLinkAroundCodeAndCodeAroundALink() {
    String md =
        markdown(
            "<p><code><a href=\"String.html\">String</a></code> and <a href=\"List.html\"><code>"
                + "List</code></a></p>");
    assertEquals(
        "[`String`](https://docs.example/guide/String.html) and"
            + " [`List`](https://docs.example/guide/List.html)",
        md);
  }

  @Test
  public void skippedElementsAreLeftOut() {
    Element body = body("<p>keep</p><nav><a href=\"/\">Home</a></nav><script>x()</script>");
    String md = PageMarkdown.of(body, e -> e.nameIs("nav"), -1).markdown();
    assertEquals("keep", md);
  }

  @Test
  public void deepNestingIsPlainBeyondALimitAndStillReadsBackAsText() {
    String html =
        "<blockquote><p>q</p>".repeat(300)
            + "</blockquote>".repeat(300)
            + "<ul><li>i".repeat(300)
            + "</li></ul>".repeat(300)
            + "<p>"
            + "<em>e ".repeat(300)
            + "</em>".repeat(300)
            + "</p>";
    readsBackAsText(html);
    String md = markdown(html);
    assertTrue(md, md.contains("\n" + "> ".repeat(PageMarkdown.MAX_NESTING) + "q\n"));
    assertFalse(md, md.contains("> ".repeat(PageMarkdown.MAX_NESTING + 1)));
  }

  @Test
  public void aRenderingIsCutAtABlockBoundary() {
    StringBuilder html = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      html.append("<p>paragraph number ").append(i).append("</p>");
    }
    PageMarkdown.Rendering r = PageMarkdown.of(body(html.toString()), NONE, 200);
    assertTrue(r.cut());
    assertTrue(r.markdown(), r.markdown().length() <= 200);
    assertTrue(r.markdown(), r.markdown().endsWith("paragraph number 9"));
    assertFalse(PageMarkdown.of(body(html.toString()), NONE, -1).cut());
  }
}
