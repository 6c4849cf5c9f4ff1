package org.trawler.core.parse;

import static org.junit.Assert.assertEquals;

import java.util.List;
import java.util.SplittableRandom;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.Test;

/** PageText and PageWalk give exactly the text and elements jsoup's own methods give. */
public class PageTextTest {
  private static final String[] PIECES = {
    "a",
    "word ",
    " ",
    "  \t\n",
    "\u00A0",
    "\u200B",
    "\u00AD",
    "\r\f",
    "é",
    "\uD83D\uDE00",
    "\uD83D",
    "<br>",
    "<p>",
    "</p>",
    "<div>",
    "</div>",
    "<span>",
    "</span>",
    "<b> x </b>",
    "<pre>",
    "</pre>",
    "<textarea> t\n a </textarea>",
    "<li>",
    "<td>",
    "<table>",
    "<![CDATA[ c  d ]]>",
    "<svg><text> s  t </text></svg>",
    "<a href=x>",
    "</a>",
    "<!-- c -->",
    "<script> var x = 1; </script>",
    "&nbsp;",
    "&amp;",
    "<img alt=i>",
    "<link rel=canonical href=/c>",
    "<base href=/b/>",
    "<meta name=description content=d>",
    "<h1>",
    "</h1>",
    "<h3>h</h3>",
    "<H2 ItemScope>",
    "<div itemscope>"
  };

  private static void assertSameAsJsoup(String html) {
    Document doc = Jsoup.parse(html, "http://example.com/");
    Element body = doc.body();
    PageWalk walk = PageWalk.of(doc, html.length());
    assertEquals(html, body.text(), walk.text());
    assertEquals(html, doc.getAllElements(), walk.elements());
    PageElements kinds = walk.pageElements();
    assertEquals(html, doc.select("meta"), kinds.metas());
    assertEquals(html, doc.select("link"), kinds.links());
    assertEquals(html, doc.select("base"), kinds.bases());
    assertEquals(html, doc.select("h1, h2, h3"), kinds.headings());
    assertEquals(html, doc.select("script"), kinds.scripts());
    assertEquals(html, doc.select("[itemscope]"), kinds.itemScopes());
    for (Element e : doc.getAllElements()) {
      assertEquals(html + " / " + e.normalName(), e.text(), PageText.of(e));
    }
  }

  @Test
  public void textOfHandWrittenPagesIsJsoupsText() {
    for (String html :
        List.of(
            "",
            "<p>one</p><p>two</p>",
            "  lead  <b>bold</b>text <i> it </i>  trail  ",
            "a<br>b<br/>  c",
            "<div>x</div>y<div>z</div><span>w</span>",
            "<pre>  keep\n   this  </pre> and  <pre><code> nested\n  </code></pre>",
            "<pre><div><div><div><div><div><div> deep  \n text </div></div></div></div></div></div></pre>",
            "nbsp\u00A0\u00A0x&nbsp; y zero\u200Bwidth soft\u00ADhyphen",
            "emoji \uD83D\uDE00 lone \uD83D end",
            "<table><tr><td>1</td><td> 2 </td></tr><tr><td>3</td></tr></table>after",
            "<ul><li>one<li>two</ul>",
            "<html><head><title>t</title></head><frameset><frame src=a></frameset></html>",
            "<html><head><title>only a head</title></head></html>",
            "<svg><![CDATA[  raw  ]]></svg>")) {
      assertSameAsJsoup(html);
    }
  }

  @Test
  public void textOfRandomPagesIsJsoupsText() {
    SplittableRandom rnd = new SplittableRandom(15);
    for (int n = 0; n < 3_000; n++) {
      StringBuilder html = new StringBuilder();
      for (int i = rnd.nextInt(30); i > 0; i--) {
        html.append(PIECES[rnd.nextInt(PIECES.length)]);
      }
      assertSameAsJsoup(html.toString());
    }
  }
}
