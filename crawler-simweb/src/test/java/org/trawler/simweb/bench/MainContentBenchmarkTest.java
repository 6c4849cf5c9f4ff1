package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class MainContentBenchmarkTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String ARTICLE =
      "<!DOCTYPE html><html><head><title>Bees</title></head><body>"
          + "<nav><a href=/>Home</a> <a href=/garden>Garden</a></nav>"
          + "<article><h1>Bees in winter</h1><p>Bees cluster in the hive and shiver to keep"
          + " the queen warm.</p></article>"
          + "<footer>Copyright the garden club</footer></body></html>";

  private static Configuration conf() {
    Configuration conf = new Configuration(false);
    conf.addResource("trawler-default.xml");
    return conf;
  }

  private Path page(Path corpus, String name, String source, String expectedName, String expected)
      throws Exception {
    Path dir = Files.createDirectories(corpus.resolve(name));
    Files.writeString(dir.resolve("source.html"), source);
    Files.writeString(dir.resolve(expectedName), expected);
    return dir;
  }

  @Test
  public void wordsAreCountedAsBagsInLowerCase() {
    assertEquals(
        Map.of("the", 2, "bee", 1, "hive", 1, "3", 1),
        MainContentBenchmark.bag("The bee, the HIVE: 3!"));
  }

  @Test
  public void precisionRecallAndLeakedChromeOfOnePage() {
    byte[] source =
        "<body><nav>Home Garden</nav><p>bees keep warm</p><footer>Copyright club</footer></body>"
            .getBytes(StandardCharsets.UTF_8);
    MainContentBenchmark.Figures f =
        MainContentBenchmark.compare(
            "p", source, "bees keep warm in winter", "bees keep warm home");
    assertEquals(5, f.expected());
    assertEquals(4, f.found());
    assertEquals(3, f.common());
    assertEquals(0.75, f.precision(), 1e-9);
    assertEquals(0.6, f.recall(), 1e-9);
    assertEquals(2 * 0.75 * 0.6 / 1.35, f.f1(), 1e-9);
    assertEquals(4, f.chromeWords()); // home, garden, copyright, club
    assertEquals(1, f.chromeLeaked()); // home
  }

  @Test
  public void aCorpusOfPagesIsMeasuredAgainstHtmlAndTextExpectations() throws Exception {
    Path corpus = tmp.newFolder("corpus").toPath();
    page(
        corpus,
        "a-html",
        ARTICLE,
        "expected.html",
        "<div><h1>Bees in winter</h1><p>Bees cluster"
            + " in the hive and shiver to keep the queen warm.</p></div>");
    page(corpus, "b-text", ARTICLE, "expected.txt", "Bees cluster in the hive");
    Files.createDirectories(corpus.resolve("c-no-expected"));
    Files.writeString(corpus.resolve("c-no-expected").resolve("source.html"), ARTICLE);
    List<Path> pages = MainContentBenchmark.pages(corpus);
    assertEquals(List.of(corpus.resolve("a-html"), corpus.resolve("b-text")), pages);

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<MainContentBenchmark.Figures> figures =
        new MainContentBenchmark(conf(), new PrintStream(out, true, StandardCharsets.UTF_8))
            .run(pages);
    MainContentBenchmark.Figures a = figures.get(0);
    assertEquals(1.0, a.precision(), 1e-9);
    assertEquals(1.0, a.recall(), 1e-9);
    assertEquals(4, a.chromeWords()); // home, garden, copyright, club: none leaked
    assertEquals(0, a.chromeLeaked());
    MainContentBenchmark.Figures b = figures.get(1);
    assertEquals(5, b.common());
    assertEquals(1.0, b.recall(), 1e-9);
    assertEquals(5 / 15.0, b.precision(), 1e-9);

    MainContentBenchmark.Totals t = MainContentBenchmark.totals(figures);
    assertEquals((1.0 + 5 / 15.0) / 2, t.meanPrecision(), 1e-9);
    assertEquals(0, t.chromeLeakedShare(), 1e-9);
    Path json = corpus.resolve("bench.json");
    MainContentBenchmark.writeJson(corpus, figures, 0, json);
    String written = Files.readString(json);
    assertEquals(true, written.contains("\"benchmark\" : \"main-content\""));
    assertEquals(true, out.toString(StandardCharsets.UTF_8).contains("main-content 2 pages"));
  }
}
