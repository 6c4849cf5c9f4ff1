package org.trawler.simweb.cluster;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The job jar that {@code hadoop jar} runs: conf/ at its root, our libraries in, Hadoop out, Main
 * first.
 */
public class JobJarIT {
  /** The commands a cluster runs. */
  private static final List<String> COMMANDS =
      List.of(
          "inject",
          "generate",
          "fetch",
          "parse",
          "updatedb",
          "invertlinks",
          "dedup",
          "warc",
          "urlindex",
          "readdb",
          "readseg",
          "run");

  /** The test website's commands: local only, so not in the job jar. */
  private static final List<String> LOCAL_COMMANDS = List.of("demo", "simweb", "bench");

  @Test
  public void everyConfFileSitsAtTheJarRoot() throws IOException {
    File[] confFiles =
        new File("../conf")
            .listFiles(f -> f.isFile() && f.getName().matches(".*\\.(xml|txt|properties)"));
    assertNotNull("conf/ beside the module", confFiles);
    assertTrue(confFiles.length > 0);
    List<String> missing = new ArrayList<>();
    try (JarFile jar = new JarFile(HadoopCommand.jobJar())) {
      for (File f : confFiles) {
        if (jar.getEntry(f.getName()) == null) {
          missing.add(f.getName());
        }
      }
    }
    assertEquals("conf files missing at the job jar's root", List.of(), missing);
  }

  @Test
  public void carriesEveryClassOfTheBuild() throws IOException {
    List<String> missing = new ArrayList<>();
    try (JarFile jar = new JarFile(HadoopCommand.jobJar())) {
      for (String module : List.of("../crawler-core", "../crawler-jobs", "../crawler-lang")) {
        Path classes = Paths.get(module, "target", "classes");
        try (Stream<Path> files = Files.walk(classes)) {
          files
              .filter(f -> f.toString().endsWith(".class"))
              .map(f -> classes.relativize(f).toString().replace(File.separatorChar, '/'))
              .filter(name -> jar.getEntry(name) == null)
              .forEach(missing::add);
        }
      }
    }
    assertEquals("classes of the build missing from the job jar", List.of(), missing);
  }

  @Test
  public void carriesNothingOfTheTestWebsite() throws IOException {
    try (JarFile jar = new JarFile(HadoopCommand.jobJar())) {
      List<String> simweb =
          jar.stream()
              .map(e -> e.getName())
              .filter(
                  name ->
                      name.startsWith("org/trawler/simweb/")
                          // ours only: a library's own names may say Bench (Parquet's
                          // BenchmarkCounter)
                          || name.startsWith("org/trawler/")
                              && (name.contains("SimWeb") || name.contains("Bench")))
              .toList();
      assertEquals("the test website, demo and bench stay out of the job jar", List.of(), simweb);
    }
  }

  @Test
  public void carriesTheCrawlerAndItsLibrariesButNotHadoop() throws IOException {
    try (JarFile jar = new JarFile(HadoopCommand.jobJar())) {
      for (String cls :
          List.of(
              "org/trawler/jobs/cli/Main.class",
              "org/trawler/core/datum/CrawlDatum.class",
              "org/trawler/core/protocol/http/HttpProtocol.class",
              "org/jsoup/Jsoup.class",
              "org/apache/hc/client5/http/impl/classic/HttpClients.class",
              "crawlercommons/robots/SimpleRobotRulesParser.class",
              "org/apache/commons/cli/CommandLine.class",
              // the URL index's Parquet writer, and the format classes it writes through
              "org/apache/parquet/hadoop/ParquetOutputFormat.class",
              "org/apache/parquet/column/ColumnWriter.class",
              "org/apache/parquet/format/FileMetaData.class",
              // the lang filter's detector, its profiles, and its Guava apart from Hadoop's
              "com/optimaize/langdetect/LanguageDetectorBuilder.class",
              "languages/de",
              "org/trawler/lang/shaded/guava/collect/ImmutableList.class")) {
        assertNotNull(cls + " in the job jar", jar.getEntry(cls));
      }
      assertFalse(
          "Hadoop's classes stay out: the cluster has its own",
          jar.stream().anyMatch(e -> e.getName().startsWith("org/apache/hadoop/")));
      assertEquals(
          "org.trawler.jobs.cli.Main",
          jar.getManifest().getMainAttributes().getValue("Main-Class"));
    }
  }

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /**
   * With the classes all in the jar (above), a command Main finds in the build it finds through
   * hadoop jar.
   */
  @Test
  public void hadoopJarListsTheCommands() throws Exception {
    HadoopCommand.Result r = HadoopCommand.install(tmp.newFolder("bin")).hadoopJar(null);
    assertEquals(r.output(), 2, r.exitCode());
    for (String command : COMMANDS) {
      assertTrue(
          command + " listed in:\n" + r.output(),
          r.output().matches("(?s).*\\n  " + command + " .*"));
    }
    for (String command : LOCAL_COMMANDS) {
      assertFalse(
          command + " not listed in:\n" + r.output(),
          r.output().matches("(?s).*\\n  " + command + " .*"));
    }
  }
}
