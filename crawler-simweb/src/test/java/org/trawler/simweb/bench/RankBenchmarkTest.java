package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.rank.RankCommand;

/** bench rank on a graph of 2000 links: rank once to convergence, once for one iteration. */
public class RankBenchmarkTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void ranksTheSyntheticGraphToConvergenceAndPricesAnIteration() throws Exception {
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    conf.set("rank.damping", "0.5"); // few iterations: few local jobs
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RankBenchmark.Report report =
        new RankBenchmark(
                conf, new PhaseMeter(), new PrintStream(out, true, StandardCharsets.UTF_8))
            .run(new Path(tmp.newFolder("bench").getPath()), 2000, 0.05);
    // 250 pages; every fifth (50) known but not fetched: dangling; the other 200 link 10 pages
    // each, less their repeats and self links
    RankCommand.Result one = report.oneIteration();
    RankCommand.Result converged = report.converged();
    assertEquals(1, one.iterations());
    assertEquals(250, converged.pages());
    assertEquals(50, converged.dangling());
    assertTrue("links " + converged.links(), converged.links() > 1500);
    assertTrue("links " + converged.links(), converged.links() <= 2000);
    assertEquals(one.links(), converged.links());
    assertTrue(converged.toString(), converged.converged() && converged.iterations() > 1);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
    String text = printed.toString(StandardCharsets.UTF_8);
    assertTrue(text, text.contains("converged after " + converged.iterations() + " iterations"));
    assertTrue(text, text.contains("per iteration: "));
  }
}
