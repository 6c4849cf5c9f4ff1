package org.trawler.core.parse.filter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.commonmark.node.Heading;
import org.junit.Test;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.MarkdownReader;
import org.trawler.core.parse.ParseReason;
import org.trawler.core.parse.ParseResult;

/** parser.markdown on pages written like real ones, read back by commonmark-java. */
public class MarkdownPagesTest {
  /** A Python documentation page (Sphinx): sidebar, a function with an example, a table. */
  static final String PYTHON_DOC_PAGE =
      """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>json — JSON encoder and decoder</title></head>
      <body>
      <div class="related" role="navigation"><h3>Navigation</h3><ul>
        <li><a href="../genindex.html">index</a></li><li><a href="../py-modindex.html">modules</a></li></ul></div>
      <div class="document"><div class="documentwrapper"><div class="bodywrapper"><div class="body" role="main">
      <section id="module-json">
      <h1><code class="xref py py-mod docutils literal notranslate"><span class="pre">json</span></code> — JSON encoder and decoder<a class="headerlink" href="#module-json" title="Link to this heading">¶</a></h1>
      <p><strong>Source code:</strong> <a class="reference external" href="https://github.com/python/cpython/tree/3.12/Lib/json/__init__.py">Lib/json/__init__.py</a></p>
      <p><a class="reference external" href="https://json.org">JSON (JavaScript Object Notation)</a>, specified by
      <span class="target" id="index-0"></span><a class="rfc reference external" href="https://datatracker.ietf.org/doc/html/rfc7159.html"><strong>RFC 7159</strong></a>,
      is a lightweight data interchange format inspired by <em>JavaScript</em> object literal syntax.</p>
      <p>Encoding basic Python object hierarchies:</p>
      <div class="highlight-python3 notranslate"><div class="highlight"><pre><span></span><span class="gp">&gt;&gt;&gt; </span><span class="kn">import</span> <span class="nn">json</span>
      <span class="gp">&gt;&gt;&gt; </span><span class="n">json</span><span class="o">.</span><span class="n">dumps</span><span class="p">([</span><span class="s1">'foo'</span><span class="p">,</span> <span class="p">{</span><span class="s1">'bar'</span><span class="p">:</span> <span class="p">(</span><span class="s1">'baz'</span><span class="p">,</span> <span class="kc">None</span><span class="p">)}])</span>
      <span class="go">'["foo", {"bar": ["baz", null]}]'</span>
      </pre></div></div>
      <section id="encoders-and-decoders">
      <h2>Encoders and Decoders<a class="headerlink" href="#encoders-and-decoders" title="Link to this heading">¶</a></h2>
      <p>Performs the following translations in decoding by default:</p>
      <table class="docutils align-default"><thead><tr class="row-odd"><th class="head"><p>JSON</p></th><th class="head"><p>Python</p></th></tr></thead>
      <tbody><tr class="row-even"><td><p>object</p></td><td><p>dict</p></td></tr>
      <tr class="row-odd"><td><p>number (int)</p></td><td><p>int</p></td></tr>
      <tr class="row-even"><td><p>true</p></td><td><p>True</p></td></tr></tbody></table>
      <ol class="arabic simple"><li><p>Set <code class="docutils literal notranslate"><span class="pre">skipkeys</span></code> to skip keys that are not <em>str</em>.</p></li>
      <li><p>Pass <code>sort_keys=True</code> for stable output.</p></li></ol>
      </section></section>
      </div></div></div>
      <div class="sphinxsidebar" role="navigation"><h3>Table of Contents</h3><ul>
        <li><a href="#">json — JSON encoder and decoder</a></li><li><a href="#basic-usage">Basic Usage</a></li></ul>
        <div id="searchbox" role="search"><form action="../search.html"><input type="text" name="q"></form></div></div>
      </div>
      <div class="footer">© Copyright 2001-2024, Python Software Foundation.</div>
      <script>document.body.classList.add("js");</script>
      </body></html>
      """;

  private static Configuration markdown(boolean main) {
    Configuration conf = ExtractPages.conf("content");
    conf.setBoolean(FilterKeys.MARKDOWN, true);
    if (main) {
      conf.set(FilterKeys.CONTENT, FilterKeys.CONTENT_MAIN_VALUE);
    }
    return conf;
  }

  /** The page's Markdown, checked to read back as its (main) text, whitespace aside. */
  private static MarkdownReader readsBackAsItsText(ParseResult r) {
    String md = r.text().getMarkdown();
    MarkdownReader reader = new MarkdownReader(md);
    assertFalse(md.isEmpty());
    assertEquals(
        md, MarkdownReader.squeezed(r.text().getText()), MarkdownReader.squeezed(reader.text()));
    return reader;
  }

  @Test
  public void offByDefault() {
    ParseResult r =
        ExtractPages.parse(
            ExtractPages.conf("content"), "https://gazette.example/n", ExtractPages.NEWS_ARTICLE);
    assertEquals("", r.text().getMarkdown());
  }

  @Test
  public void aNewsArticleIsItsStoryWithoutTheBoilerplate() {
    ParseResult r =
        ExtractPages.parse(markdown(true), "https://gazette.example/n", ExtractPages.NEWS_ARTICLE);
    assertEquals(ExtractPages.NEWS_ARTICLE_MAIN, r.text().getText());
    MarkdownReader md = readsBackAsItsText(r);
    String text = r.text().getMarkdown();
    assertTrue(text, text.startsWith("# City council approves new cycle lanes\n\nBy Maria Keller"));
    assertFalse(text, text.contains("Share on"));
    assertFalse(text, text.contains("cookies"));
    assertEquals(1, md.count(Heading.class));
  }

  @Test
  public void aPythonDocPageKeepsItsCodeTableListAndLinks() {
    String url = "https://docs.python.example/3/library/json.html";
    ParseResult r = ExtractPages.parse(markdown(true), url, PYTHON_DOC_PAGE);
    MarkdownReader md = readsBackAsItsText(r);
    String text = r.text().getMarkdown();
    assertEquals(List.of("python3"), md.codeLanguages());
    assertEquals(1, md.tables());
    assertTrue(text, text.contains("| JSON | Python |\n| --- | --- |\n| object | dict |"));
    assertTrue(text, text.contains("1. Set `skipkeys` to skip keys that are not *str*.\n2. Pass"));
    assertTrue(
        text, text.startsWith("# `json` — JSON encoder and decoder[¶](" + url + "#module-json)"));
    assertTrue(
        md.links().toString(),
        md.links()
            .containsAll(
                List.of(
                    "https://json.org",
                    "https://datatracker.ietf.org/doc/html/rfc7159.html",
                    url + "#encoders-and-decoders")));
    assertFalse(text, text.contains("Table of Contents"));
    assertFalse(text, text.contains("classList"));
  }

  @Test
  public void anApiDocPageKeepsItsSummaryTableAndExample() {
    String url = "https://docs.example/java/util/StringJoiner.html";
    ParseResult r = ExtractPages.parse(markdown(true), url, ExtractPages.API_DOC_PAGE);
    MarkdownReader md = readsBackAsItsText(r);
    assertEquals(1, md.tables());
    assertEquals(List.of(""), md.codeLanguages());
    assertEquals(List.of(url + "#add", url + "#length"), md.links());
  }

  @Test
  public void aForumThreadKeepsItsPosts() {
    ParseResult r =
        ExtractPages.parse(
            markdown(true), "https://forum.example/t/123", ExtractPages.FORUM_THREAD);
    readsBackAsItsText(r);
    assertTrue(
        r.text().getMarkdown(),
        r.text().getMarkdown().contains("breadlover\n\nMy starter is three weeks old"));
  }

  @Test
  public void withTheWholeContentTheMarkdownIsTheWholeVisiblePage() {
    ParseResult r =
        ExtractPages.parse(markdown(false), "https://gazette.example/n", ExtractPages.NEWS_ARTICLE);
    readsBackAsItsText(r);
    assertTrue(r.text().getMarkdown(), r.text().getMarkdown().contains("Accept all"));
  }

  @Test
  public void aNoindexPageHasNoMarkdown() {
    String html =
        "<html><head><meta name=\"robots\" content=\"noindex\"></head><body><p>secret</p></body>"
            + "</html>";
    ParseResult r = ExtractPages.parse(markdown(true), "https://x.example/", html);
    assertEquals("", r.text().getText());
    assertEquals("", r.text().getMarkdown());
  }

  @Test
  public void aLongPageIsCutWithItsReason() {
    Configuration conf = markdown(false);
    conf.setInt(FilterKeys.MARKDOWN_MAX_CHARS, 100);
    ParseResult r =
        ExtractPages.parse(conf, "https://forum.example/t/123", ExtractPages.FORUM_THREAD);
    assertTrue(r.text().getMarkdown(), r.text().getMarkdown().length() <= 100);
    assertEquals(
        ParseReason.MARKDOWN_LIMIT.reasonName(), r.data().getMeta().get(ParseData.META_REASON));
    assertEquals(ParseData.SUCCESS, r.status());
  }
}
