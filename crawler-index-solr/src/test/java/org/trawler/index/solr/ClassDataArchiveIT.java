package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.simweb.TrawlerCommand;

/**
 * bin/crawl's class-data archive, as a user meets it: whichever command that runs a job comes first
 * after a build stores the classes it loaded as it exits, and the commands after it map them
 * instead of loading them from the jars (bin/crawl-jvm's cds_options; JvmChoicesTest checks its
 * cases). Here because this is the first module whose end-to-end tests run bin/crawl with the
 * modules' jars built.
 */
public class ClassDataArchiveIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void theCommandsAfterTheFirstMapItsClasses() throws Exception {
    TrawlerCommand trawler = new TrawlerCommand(tmp.getRoot().toPath());
    Files.writeString(tmp.newFile("seeds.txt").toPath(), "http://127.0.0.1:9/\n");
    TrawlerCommand.Result first = trawler.run("inject", "crawl/crawldb", "seeds.txt");
    assertEquals(first.err(), 0, first.exitCode());

    Path loads = tmp.getRoot().toPath().resolve("class-load.txt");
    TrawlerCommand.Result next =
        trawler.run(
            Map.of("TRAWLER_OPTS", "-Xlog:class+load=info:file=" + loads),
            "conf",
            "fetcher.threads.fetch");
    assertEquals(next.err(), 0, next.exitCode());
    assertTrue(next.out(), next.out().startsWith("fetcher.threads.fetch = "));
    String log = Files.readString(loads, StandardCharsets.UTF_8);
    assertTrue(
        "Trawler's own classes come from the archive",
        log.contains("org.trawler.jobs.cli.Main source: shared objects file (top)"));
    assertTrue(
        "and Hadoop's",
        log.contains("org.apache.hadoop.conf.Configuration source: shared objects file (top)"));
  }
}
