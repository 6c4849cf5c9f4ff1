package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.linkdb.LinkDbContents;

/** bench --linkdb-urls on a small linkdb: both ways measured every round, the same linkdb. */
public class LinkDbBenchmarkTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void bothWaysAreMeasuredEveryRoundAndGiveTheSameLinkdb() throws Exception {
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    Path dir = new Path(tmp.newFolder("bench").getPath());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    LinkDbBenchmark.Report report =
        new LinkDbBenchmark(
                conf, new PhaseMeter(), new PrintStream(out, true, StandardCharsets.UTF_8))
            .run(dir, 20_000, 3);
    for (String phase : List.of(LinkDbBenchmark.MERGE_ALWAYS, LinkDbBenchmark.GENERATIONS)) {
      List<PhaseMeter.Sample> samples = report.of(phase);
      assertEquals(
          phase, List.of(1, 2, 3), samples.stream().map(PhaseMeter.Sample::round).toList());
      samples.forEach(s -> assertTrue(s.toString(), s.result(BenchCommand.MAP_INPUT) > 0));
    }
    // the second round adds a generation: it reads only the new pages (drawn at random, so a few
    // repeat), not the linkdb
    long read = report.of(LinkDbBenchmark.GENERATIONS).get(1).result(BenchCommand.MAP_INPUT);
    assertTrue("read " + read, read > LinkDbBenchmark.PAGES * 0.9 && read <= LinkDbBenchmark.PAGES);
    assertEquals(
        LinkDbContents.read(conf, new Path(dir, "linkdb-" + LinkDbBenchmark.MERGE_ALWAYS)),
        LinkDbContents.read(conf, new Path(dir, "linkdb-" + LinkDbBenchmark.GENERATIONS)));
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
    assertTrue(
        printed.toString(StandardCharsets.UTF_8),
        printed.toString(StandardCharsets.UTF_8).contains("generations: round 1 "));
  }
}
