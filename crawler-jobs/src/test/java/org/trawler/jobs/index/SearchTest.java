package org.trawler.jobs.index;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.store.FSDirectory;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.store.VersionedDb;

/**
 * How search ranks and shows a small index written with the Lucene writer's schema: every word
 * required by default (OR as a setting), a hyphenated word as a phrase, words together first,
 * headings and URL words searched, snippets on one line.
 */
public class SearchTest {
  private static final String SITE = "http://docs.example/";

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private final List<IndexDocument> docs = new ArrayList<>();
  private IndexShards shards;

  @Before
  public void setUp() {
    conf = CrawlerConfiguration.create();
    conf.set("fs.defaultFS", "file:///");
  }

  @After
  public void close() throws IOException {
    if (shards != null) {
      shards.close();
    }
  }

  /** Adds a page: its path, title, headings (one per line, or "") and text. */
  private void page(String path, String title, String headings, String text) {
    IndexDocument doc = new IndexDocument();
    String url = SITE + path;
    doc.add(IndexDocument.ID, url).add(IndexFields.URL, url).add(IndexFields.TITLE, title);
    doc.add(IndexFields.URL_WORDS, URLWords.of(url));
    for (String h : headings.split("\n")) {
      doc.add(IndexFields.HEADINGS, h.isEmpty() ? null : h);
    }
    doc.add(IndexFields.CONTENT, text);
    docs.add(doc);
  }

  private List<Search.Hit> hits(Search search, String query) throws Exception {
    if (shards == null) {
      Path shard = tmp.getRoot().toPath().resolve("index/" + VersionedDb.CURRENT + "/part-r-00000");
      LuceneSchema schema = LuceneSchema.fromConf(conf);
      try (FSDirectory dir = FSDirectory.open(shard);
          org.apache.lucene.index.IndexWriter writer =
              new org.apache.lucene.index.IndexWriter(
                  dir, new IndexWriterConfig(LuceneSchema.analyzer(conf)))) {
        for (IndexDocument doc : docs) {
          writer.addDocument(schema.toLucene(doc));
        }
      }
      shards =
          IndexShards.open(conf, new org.apache.hadoop.fs.Path(tmp.getRoot().getPath(), "index"));
    }
    return search.search(shards, query, 10);
  }

  private List<String> paths(Search search, String query) throws Exception {
    List<String> paths = new ArrayList<>();
    for (Search.Hit h : hits(search, query)) {
      paths.add(h.url().substring(SITE.length()));
    }
    return paths;
  }

  private List<String> paths(String query) throws Exception {
    return paths(Search.fromConf(conf), query);
  }

  @Test
  public void everyWordIsRequiredByDefault() throws Exception {
    page("both", "Quokkas", "", "quokkas live on rottnest island");
    page("one", "Quokkas", "", "quokkas are small marsupials");
    assertEquals(List.of("both"), paths("quokkas island"));
  }

  @Test
  public void orIsASettingAndFindsPagesWithAnyWord() throws Exception {
    page("both", "Quokkas", "", "quokkas live on rottnest island");
    page("one", "Quokkas", "", "quokkas are small marsupials");
    conf.set(IndexerKeys.SEARCH_DEFAULT_OPERATOR, "or");
    assertEquals(List.of("both", "one"), paths("quokkas island"));
    assertEquals(
        List.of("both", "one"),
        paths(
            Search.fromConf(new Configuration()).withOperator(QueryParser.Operator.OR),
            "quokkas island"));
  }

  @Test
  public void anOperatorOtherThanAndOrOrIsABadSetting() throws Exception {
    conf.set(IndexerKeys.SEARCH_DEFAULT_OPERATOR, "XOR");
    try {
      Search.fromConf(conf);
      fail("XOR accepted");
    } catch (BadSettingException e) {
      assertEquals("search.default.operator: is AND or OR, not 'XOR'", e.getMessage());
    }
  }

  @Test
  public void explicitOperatorsStillWork() throws Exception {
    page("both", "Quokkas", "", "quokkas live on rottnest island");
    page("one", "Quokkas", "", "quokkas are small marsupials");
    assertEquals(List.of("both", "one"), sorted(paths("island OR marsupials")));
    assertEquals(List.of("one"), paths("quokkas -island"));
    assertEquals(List.of("both"), paths("\"rottnest island\""));
  }

  private static List<String> sorted(List<String> l) {
    List<String> s = new ArrayList<>(l);
    s.sort(null);
    return s;
  }

  @Test
  public void aHyphenatedWordIsSearchedAsAPhrase() throws Exception {
    page("cli", "Running", "", "the command-line options of the launcher");
    page("apart", "Lines", "", "a line of text; the command runs it");
    assertEquals(List.of("cli"), paths("command-line"));
    conf.set(IndexerKeys.SEARCH_DEFAULT_OPERATOR, "OR");
    assertEquals(List.of("cli"), paths("command-line"));
  }

  @Test
  public void pagesWhereTheWordsStandTogetherComeFirst() throws Exception {
    page(
        "apart",
        "Text",
        "",
        "endings of files vary; each line of a file; a line may be long; endings differ; line");
    page("together", "Text", "", "how line endings are converted");
    page("near", "Text", "", "line and file endings are converted");
    assertEquals(List.of("together", "near", "apart"), paths("line endings"));
  }

  @Test
  public void aSectionTitledByTheQueryOutranksAPageRepeatingOneWord() throws Exception {
    page(
        "reference",
        "Copy reference",
        "Copy\nAttributes",
        "copy copies files; copy the file; copy a directory; copy with filters; copy overwrite");
    page(
        "guide",
        "Guide",
        "Writing a build file\nCopy files safely",
        "how to copy the files you built");
    assertEquals("guide", paths("copy files").get(0));
  }

  @Test
  public void headingsAreSearchedAndWeighMoreThanText() throws Exception {
    page("text", "Page one", "Overview\nDetails", "it mentions the rationale in passing");
    page("heading", "Page two", "Rationale\nExamples", "other words");
    assertEquals(List.of("heading", "text"), paths("rationale"));
    assertEquals(List.of("heading"), paths("headings:rationale"));
  }

  @Test
  public void theWordsOfTheUrlPathAreSearched() throws Exception {
    page("manual/Tasks/fixcrlf.html", "FixCRLF", "", "adjusts text files");
    page("manual/Tasks/copy.html", "Copy", "", "copies text files");
    assertEquals(List.of("manual/Tasks/fixcrlf.html"), paths("fixcrlf"));
    assertEquals(List.of("manual/Tasks/copy.html"), paths("tasks copy"));
    assertEquals(List.of("manual/Tasks/copy.html"), paths("urlWords:copy"));
  }

  @Test
  public void aNosnippetPageIsFoundButShownWithoutASnippet() throws Exception {
    page("open", "Wombats", "", "Wombats dig burrows.");
    page("quiet", "Wombat facts", "", "Wombats have cubic droppings.");
    docs.get(1).add("robots.nosnippet", "yes");
    List<Search.Hit> found = hits(Search.fromConf(conf), "wombats");
    assertEquals(2, found.size());
    for (Search.Hit h : found) {
      assertEquals(h.url(), h.url().endsWith("quiet") ? "" : "[Wombats] dig burrows.", h.snippet());
    }
  }

  @Test
  public void snippetsAreOneLineEvenFromPreformattedText() throws Exception {
    page("code", "Example", "", "An example:\n  <copy file=\"a\"\n        todir=\"b\"/>\n\tdone");
    Search.Hit hit = hits(Search.fromConf(conf), "todir").get(0);
    assertFalse(hit.snippet(), hit.snippet().contains("\n"));
    assertFalse(hit.snippet(), hit.snippet().contains("\t"));
    assertFalse(hit.snippet(), hit.snippet().contains("  "));
    assertTrue(hit.snippet(), hit.snippet().contains("<copy file=\"a\" [todir]=\"b\"/> done"));
  }

  @Test
  public void aSnippetWithoutMatchesStartsAtThePagesFirstHeadingNotItsNavigation()
      throws Exception {
    page(
        "copy",
        "Copy Task",
        "Copy\nDescription",
        "Home Tasks Types Download Copy Description Copies a file or resource collection.");
    Search.Hit hit = hits(Search.fromConf(conf), "title:task").get(0);
    assertEquals("Copy Description Copies a file or resource collection.", hit.snippet());
  }

  /** The page's parse text with parser.html.content=main, as the index job takes it. */
  private static String mainText(String url, String html) throws IOException {
    Configuration parse = CrawlerConfiguration.create();
    parse.set("parser.html.content", "main");
    parse.setBoolean("parser.html.content.fulltext", true);
    try (org.trawler.core.parse.Parsers parsers = new org.trawler.core.parse.Parsers(parse)) {
      byte[] bytes = html.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      return parsers
          .parse(new org.trawler.core.datum.Content(url, url, bytes, "text/html", false))
          .text()
          .getText();
    }
  }

  @Test
  public void withTheMainContentFilterSnippetsComeFromTheContentNotTheNavigation()
      throws Exception {
    String html =
        "<html><head><title>Quokkas</title></head><body>"
            + "<nav><a href='/'>Home</a> <a href='/q'>Quokkas menu entry</a>"
            + " <a href='/m'>Marsupials index</a></nav>"
            + "<main><h1>Quokkas</h1><p>Quokkas are small marsupials that live on Rottnest"
            + " Island, where visitors photograph them every day of the year.</p></main>"
            + "<footer>Quokkas footer: copyright and cookie notice</footer></body></html>";
    page("q", "Quokkas", "Quokkas", mainText(SITE + "q", html));
    Search.Hit hit = hits(Search.fromConf(conf), "quokkas").get(0);
    assertTrue(hit.snippet(), hit.snippet().contains("small marsupials"));
    for (String navigation : List.of("menu entry", "Marsupials index", "footer", "cookie")) {
      assertFalse(hit.snippet(), hit.snippet().contains(navigation));
    }
  }

  @Test
  public void maxSnippetCapsTheCharactersAReaderSeesClosingAMarkLeftOpen() {
    assertEquals("Quolls [hunt] a", Search.capped("Quolls [hunt] at night", 13, "[", "]"));
    assertEquals("Quolls [hu]", Search.capped("Quolls [hunt] at night", 9, "[", "]"));
    assertEquals("", Search.capped("Quolls hunt", 0, "[", "]"));
    assertEquals("Quolls hunt", Search.capped("Quolls hunt", -1, "[", "]"));
  }
}
