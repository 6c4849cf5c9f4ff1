package org.trawler.core.parse.filter;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.Content;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.ParseFilters;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.parse.ParseResult;

/** Pages written like real ones, and a parse through the HTML parser and a filter chain. */
final class ExtractPages {
  private ExtractPages() {}

  /**
   * A configuration running the filters {@code order} (no language: it lives in the Tika module).
   */
  static Configuration conf(String order) {
    Configuration conf = new Configuration(false);
    conf.addResource("trawler-default.xml");
    conf.set(ParseKeys.FILTER_ORDER, order);
    conf.set(ParseKeys.TIMEOUT, "0");
    return conf;
  }

  /** {@code html} fetched from {@code url}, parsed as HTML, then run through the filters. */
  static ParseResult parse(Configuration conf, String url, String html) {
    Content content =
        new Content(
            url, url, html.getBytes(StandardCharsets.UTF_8), "text/html; charset=utf-8", false);
    try (HtmlParser parser = new HtmlParser(conf);
        ParseFilters filters = new ParseFilters(conf)) {
      return filters.filter(content, "text/html", parser.parse(content, "text/html"));
    }
  }

  /** A news article: site header with menu, the article, a related-links box, a cookie notice. */
  static final String NEWS_ARTICLE =
      """
      <!DOCTYPE html>
      <html lang="en">
      <head>
        <meta charset="utf-8">
        <title>City council approves new cycle lanes | The Riverside Gazette</title>
        <meta name="description" content="The council voted 7 to 2 for 12 km of protected lanes.">
        <meta property="og:title" content="City council approves new cycle lanes">
        <meta property="og:type" content="article">
        <meta property="og:image" content="https://gazette.example/img/lanes.jpg">
        <meta name="twitter:card" content="summary_large_image">
        <meta property="article:published_time" content="2024-03-14T09:30:00Z">
        <meta property="article:tag" content="transport">
        <meta property="article:tag" content="city council">
        <meta name="DC.creator" content="Maria   Keller">
        <script type="application/ld+json">
        {
          "@context": "https://schema.org",
          "@type": "NewsArticle",
          "headline": "City council approves new cycle lanes",
          "datePublished": "2024-03-14T09:30:00Z",
          "author": [{"@type": "Person", "name": "Maria Keller"},
                     {"@type": "Person", "name": "Tom Brandt"}],
          "publisher": {"@type": "Organization", "name": "The Riverside Gazette",
                        "logo": {"@type": "ImageObject", "url": "https://gazette.example/logo.png"}}
        }
        </script>
      </head>
      <body>
        <header class="site-header">
          <a href="/" class="logo">The Riverside Gazette</a>
          <nav><ul>
            <li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li>
            <li><a href="/culture">Culture</a></li><li><a href="/opinion">Opinion</a></li>
          </ul></nav>
        </header>
        <div class="breadcrumb"><a href="/">Home</a> › <a href="/news">News</a> › Local</div>
        <main>
          <article>
            <header>
              <h1>City council approves new cycle lanes</h1>
              <p class="byline">By Maria Keller and Tom Brandt, 14 March 2024</p>
            </header>
            <p>The city council voted seven to two on Wednesday evening to build twelve kilometres
            of protected cycle lanes along the river, after a debate that lasted almost four hours.</p>
            <p>Supporters said the lanes would make the daily commute safer for the thousands of
            residents who already cycle to work, while opponents warned about the loss of parking
            spaces for the shops on Bridge Street.</p>
            <p>Construction is expected to begin in September and to last eighteen months, with the
            first section between the station and the old harbour opening next spring.</p>
            <div class="share"><a href="#">Share on Facebook</a> <a href="#">Share on X</a></div>
            <ul class="links"><li><a href="/news/bridge">Bridge Street shops fear for trade</a></li>
            <li><a href="/news/budget">What the city budget pays for</a></li></ul>
          </article>
        </main>
        <aside class="related"><h2>Most read</h2><ol>
          <li><a href="/a">Heatwave expected this weekend</a></li>
          <li><a href="/b">Local team wins the regional cup</a></li></ol></aside>
        <footer><p>© 2024 The Riverside Gazette. All rights reserved.</p>
          <a href="/imprint">Imprint</a> <a href="/privacy">Privacy</a></footer>
        <div id="cookie-consent"><p>We use cookies to improve your experience on our site.</p>
          <button>Accept all</button></div>
      </body>
      </html>
      """;

  /** The main text of {@link #NEWS_ARTICLE}, as main content extraction should give it. */
  static final String NEWS_ARTICLE_MAIN =
      "City council approves new cycle lanes By Maria Keller and Tom Brandt, 14 March 2024"
          + " The city council voted seven to two on Wednesday evening to build twelve kilometres"
          + " of protected cycle lanes along the river, after a debate that lasted almost four"
          + " hours. Supporters said the lanes would make the daily commute safer for the thousands"
          + " of residents who already cycle to work, while opponents warned about the loss of"
          + " parking spaces for the shops on Bridge Street. Construction is expected to begin in"
          + " September and to last eighteen months, with the first section between the station"
          + " and the old harbour opening next spring.";

  /** An API documentation page: top bar, a side menu of every class (no nav element), content. */
  static final String API_DOC_PAGE =
      """
      <!DOCTYPE html>
      <html>
      <head><meta charset="utf-8"><title>StringJoiner (Java Platform SE 17)</title>
      <meta name="keywords" content="java.util.StringJoiner class">
      <meta name="generator" content="javadoc/ClassWriterImpl"></head>
      <body class="class-declaration-page">
      <div class="flex-box">
      <div class="top-bar"><a href="../../index.html">Overview</a> <a href="package-summary.html">Package</a>
        <a href="class-use/StringJoiner.html">Use</a> <a href="../../help-doc.html">Help</a>
        <div class="search"><label for="s">Search</label><input id="s" type="text"></div></div>
      <div class="side-menu">
        <ul><li><a href="AbstractList.html">AbstractList</a></li><li><a href="ArrayDeque.html">ArrayDeque</a></li>
        <li><a href="ArrayList.html">ArrayList</a></li><li><a href="Arrays.html">Arrays</a></li>
        <li><a href="BitSet.html">BitSet</a></li><li><a href="Calendar.html">Calendar</a></li>
        <li><a href="Collections.html">Collections</a></li><li><a href="HashMap.html">HashMap</a></li>
        <li><a href="StringJoiner.html">StringJoiner</a></li><li><a href="TreeMap.html">TreeMap</a></li></ul>
      </div>
      <div class="content-container">
        <div class="sub-title">Package java.util</div>
        <h1 class="title">Class StringJoiner</h1>
        <div class="class-description">
          <p>StringJoiner is used to construct a sequence of characters separated by a delimiter
          and optionally starting with a supplied prefix and ending with a supplied suffix.</p>
          <p>Prior to adding something to the StringJoiner, its sj.toString() method will, by
          default, return prefix + suffix.</p>
          <pre>StringJoiner sj = new StringJoiner(":", "[", "]");</pre>
        </div>
        <h2>Method Summary</h2>
        <table class="summary-table"><tr><th>Modifier and Type</th><th>Method</th><th>Description</th></tr>
        <tr><td>StringJoiner</td><td><a href="#add">add</a>(CharSequence newElement)</td>
          <td>Adds a copy of the given CharSequence value as the next element of the StringJoiner value.</td></tr>
        <tr><td>int</td><td><a href="#length">length</a>()</td>
          <td>Returns the length of the String representation of this StringJoiner.</td></tr></table>
      </div>
      </div>
      <footer role="contentinfo"><p class="legal-copy">Copyright © 1993, 2021, Oracle and/or its affiliates.</p></footer>
      </body>
      </html>
      """;

  /** A forum thread: forum chrome, three posts by different people, a reply form. */
  static final String FORUM_THREAD =
      """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>Sourdough starter smells like acetone - Home Baking Forum</title></head>
      <body>
      <div id="header"><a href="/">Home Baking Forum</a> <a href="/login">Log in</a> <a href="/register">Register</a></div>
      <div class="navbar"><a href="/forums">Forums</a> <a href="/whats-new">What's new</a> <a href="/members">Members</a></div>
      <div class="thread">
        <h1 class="thread-title">Sourdough starter smells like acetone</h1>
        <div class="post" id="post-1"><div class="author">breadlover</div>
          <div class="message">My starter is three weeks old and since yesterday it smells like nail polish
          remover. I feed it once a day with equal weights of flour and water. Is it ruined?</div></div>
        <div class="post" id="post-2"><div class="author">millers_daughter</div>
          <div class="message">Not ruined at all. That smell means it is hungry: the yeast has run out of food.
          Feed it twice a day for a few days and keep it somewhere a little warmer.</div></div>
        <div class="post" id="post-3"><div class="author">breadlover</div>
          <div class="message">Thank you, two feedings a day did it. It doubled in six hours this morning and
          smells sweet and sour again.</div></div>
      </div>
      <form class="reply" action="/reply"><textarea name="message"></textarea><button>Post reply</button></form>
      <div class="footer">Powered by a forum engine. <a href="/terms">Terms</a> <a href="/privacy">Privacy</a></div>
      </body></html>
      """;

  /** A shop's product page with JSON-LD (Product, offers, rating) and microdata breadcrumbs. */
  static final String PRODUCT_PAGE =
      """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>Trail Runner 3 - Outdoor Shop</title>
      <script type="application/ld+json">
      {"@context": "https://schema.org",
       "@graph": [
        {"@type": "Product", "name": "Trail Runner 3", "sku": "TR3-42",
         "brand": {"@type": "Brand", "name": "Northpeak"},
         "offers": {"@type": "Offer", "price": "119.90", "priceCurrency": "EUR",
                    "availability": "https://schema.org/InStock"},
         "aggregateRating": {"@type": "AggregateRating", "ratingValue": 4.6, "reviewCount": 212}},
        {"@type": "WebSite", "name": "Outdoor Shop", "url": "https://shop.example/"}
       ]}
      </script>
      <script type="application/ld+json">{"@type": "Product", "name": "broken, </script>
      </head>
      <body>
      <ol itemscope itemtype="https://schema.org/BreadcrumbList">
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">
          <a itemprop="item" href="/shoes"><span itemprop="name">Shoes</span></a>
          <meta itemprop="position" content="1"></li>
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">
          <a itemprop="item" href="/shoes/trail"><span itemprop="name">Trail running</span></a>
          <meta itemprop="position" content="2"></li>
      </ol>
      <div class="product">
        <h1 class="product-name">Trail Runner 3</h1>
        <p class="price">119,90 €</p>
        <div class="gallery"><img src="/img/tr3-side.jpg" alt="side"><img src="/img/tr3-sole.jpg" alt="sole"></div>
        <ul class="specs"><li>Drop: 6 mm</li><li>Weight: 280 g</li></ul>
      </div>
      </body></html>
      """;

  /**
   * A documentation page whose sections have their headings in {@code div.section-header}, beside a
   * side menu and under a site header (class "header" too, but a logo and a menu).
   */
  static final String DOC_SECTIONS_PAGE =
      """
      <!DOCTYPE html>
      <html><head><title>Configuring the cache - Cachet docs</title></head>
      <body>
      <div class="header"><a class="logo" href="/">Cachet</a>
        <ul><li><a href="/docs">Docs</a></li><li><a href="/blog">Blog</a></li></ul></div>
      <div class="layout">
        <div class="sidebar-left"><div><a href="/docs/install">Installing</a></div>
          <div><a href="/docs/cache">Configuring the cache</a></div>
          <div><a href="/docs/metrics">Metrics</a></div></div>
        <div class="doc-content">
          <div class="section-header"><h1>Configuring the cache</h1></div>
          <p>The cache keeps the most recently used entries in memory and writes the others to
          disk when the memory limit is reached.</p>
          <div class="section-header"><h2>Memory limit</h2></div>
          <p>Set the limit with the memory option; a value without a unit is read as bytes, and
          the default is a quarter of the heap.</p>
          <div class="section-header"><h2>Eviction</h2></div>
          <p>Entries that were not read for an hour are evicted first, then the largest ones.</p>
        </div>
      </div>
      <div class="footer">Copyright 2024 Cachet contributors</div>
      </body></html>
      """;

  /**
   * A news story without an article element: its header (headline, byline) beside the div that
   * holds its paragraphs; a site header with a menu, a footer and a cookie banner around it.
   */
  static final String STORY_PAGE =
      """
      <!DOCTYPE html>
      <html><head><title>Ferry service resumes - Harbour Times</title></head>
      <body>
      <header class="site-header"><a href="/" class="logo">Harbour Times</a>
        <nav><a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
      <div class="story">
        <header class="story-header"><h1>Ferry service resumes after storm</h1>
          <p class="byline">By Lena Ross, 3 February 2024</p></header>
        <div class="story-body">
          <p>The ferry between the harbour and the island sailed again on Saturday morning,
          four days after the storm damaged the landing stage.</p>
          <p>Engineers worked through the night to repair the ramp, and the operator said the
          timetable would be back to normal by Monday.</p>
          <p>Passengers whose crossings were cancelled can ask for a refund at the ticket office
          until the end of the month.</p>
        </div>
      </div>
      <footer><a href="/about">About us</a> <a href="/contact">Contact</a></footer>
      <div class="cookie-banner">We use cookies to improve the site. <button>Accept</button></div>
      </body></html>
      """;

  /** A forum thread whose title is in div.thread-header above the posts. */
  static final String THREAD_WITH_HEADER_PAGE =
      """
      <!DOCTYPE html>
      <html><head><title>Bike chain keeps slipping - Cycling forum</title></head>
      <body>
      <div id="header"><a href="/">Cycling forum</a> <a href="/login">Log in</a></div>
      <div class="breadcrumb"><a href="/">Forum</a> &gt; <a href="/repairs">Repairs</a></div>
      <div class="thread">
        <div class="thread-header"><h1>Bike chain keeps slipping</h1></div>
        <div class="post"><div class="author">wheelie</div>
          <div class="body">My chain slips on the smallest cog whenever I climb a hill.</div></div>
        <div class="post"><div class="author">spokesman</div>
          <div class="body">Check the cable tension first, then look for a worn chain.</div></div>
      </div>
      <div class="footer"><a href="/rules">Forum rules</a></div>
      </body></html>
      """;

  /**
   * A magazine article whose layout wraps the story in containers named like boilerplate: a grid
   * {@code div.l-sidebar-fixed} holding the story's column beside the sidebar, and a sharing
   * widget's {@code div#share-btns-parent} around the paragraphs; a real sidebar, share buttons and
   * an ad slot beside them.
   */
  static final String LAYOUT_NAMED_PAGE =
      """
      <!DOCTYPE html>
      <html><head><title>Why lighthouses went dark - Coastline</title></head>
      <body>
      <div class="top-nav"><a href="/">Coastline</a> <a href="/travel">Travel</a></div>
      <div id="ad-portal">
        <div class="l-sidebar-fixed">
          <div class="l-col-main">
            <h1>Why lighthouses went dark</h1>
            <div id="share-btns-parent" class="text-wrapper">
              <div class="share-bar">Share this story</div>
              <p>For two centuries the keepers climbed the tower every evening to light the lamp,
              trim the wick and wind the clockwork that turned the lens.</p>
              <p>Automation ended that life: by the nineteen-nineties a timer and a sensor did the
              work, and the last keepers left their cottages for the mainland.</p>
            </div>
          </div>
          <div class="l-sidebar"><div class="sidebar-title">Most popular this week in travel</div>
            <a href="/a">Ten quiet beaches</a> <a href="/b">Packing light</a></div>
        </div>
      </div>
      <div class="ad-slot">Advertisement: cheap flights to everywhere you like</div>
      </body></html>
      """;

  /**
   * A blog post whose readers wrote more than its author: the comments area ({@code
   * div.comments-area}, each comment an {@code article}) beside the post's {@code article} holds
   * most of the page's prose.
   */
  static final String BLOG_WITH_COMMENTS_PAGE =
      """
      <!DOCTYPE html>
      <html><head><title>Pruning apple trees - The Orchard Blog</title></head>
      <body>
      <div class="site-title"><a href="/">The Orchard Blog</a></div>
      <main id="content">
        <article class="post">
          <h1>Pruning apple trees in winter</h1>
          <p>Prune while the tree is dormant, on a dry day: first the dead and diseased wood,
          then the branches that cross, then enough of the rest to open the centre to light.</p>
        </article>
        <div id="comments-wrap" class="comments-area">
          <h2>3 comments</h2>
          <article class="comment"><p>I always left the crossing branches alone and wondered why
          my trees got so crowded in the middle. Opening the centre made a big difference to the
          size of the apples the next autumn.</p></article>
          <article class="comment"><p>Is it too late to prune in early March when the buds are
          already swelling? Our winter was long and I never found a dry day before now.</p></article>
          <article class="comment"><p>Early March is usually fine for apples, as long as you avoid
          a frost. Stone fruit such as cherries and plums is another story: prune those in summer.</p>
          </article>
        </div>
      </main>
      </body></html>
      """;

  /** A page that is its comments: a short question and a long thread below it. */
  static final String COMMENT_THREAD_PAGE =
      """
      <!DOCTYPE html>
      <html><head><title>Ask: which tent for the Alps? - Trail talk</title></head>
      <body>
      <div class="top-nav"><a href="/">Trail talk</a> <a href="/ask">Ask</a></div>
      <div class="question">
      <h1>Which tent for the Alps?</h1>
      <div class="comments">
        <div class="comment"><p>A two-pole dome holds up in wind far better than a tunnel tent,
        which has to face the wind exactly to stay standing.</p></div>
        <div class="comment"><p>Take one with a short pitching time: storms above the tree line
        come in quickly and you do not want to spend ten minutes with the fly flapping.</p></div>
      </div>
      </div>
      </body></html>
      """;

  /**
   * A documentation page as generators write them: each section a {@code div.section} whose id is
   * its heading's words ({@code sharing-with-a-team}, {@code menu-entries}), some of them words
   * that name boilerplate elsewhere; a side menu in {@code div.sphinxsidebar}.
   */
  static final String DOC_SLUG_SECTIONS_PAGE =
      """
      <!DOCTYPE html>
      <html><head><title>Sharing notebooks - Inkwell docs</title></head>
      <body>
      <div class="document"><div class="body">
        <div class="section" id="sharing-notebooks">
          <h1>Sharing notebooks</h1>
          <p>A notebook lives in one folder; sharing it means sharing that folder.</p>
          <div class="section" id="sharing-with-a-team">
            <h2>Sharing with a team</h2>
            <p>Put the folder on a network drive and give every member write access to it.</p>
          </div>
          <div class="section" id="menu-entries">
            <h2>Menu entries</h2>
            <p>The File menu gains an entry for each shared notebook once it is opened.</p>
          </div>
        </div>
      </div></div>
      <div class="sphinxsidebar"><h3>Table of contents</h3>
        <ul><li><a href="#sharing-with-a-team">Sharing with a team</a></li>
        <li><a href="#menu-entries">Menu entries</a></li></ul></div>
      </body></html>
      """;
}
