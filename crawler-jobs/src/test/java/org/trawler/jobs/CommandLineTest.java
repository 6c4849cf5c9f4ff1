package org.trawler.jobs;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import org.apache.commons.cli.CommandLine;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.cli.Main;
import org.trawler.jobs.cli.NutchCrawlScript;
import org.trawler.jobs.generate.Generator;

/** Options and messages every command shares: either dash, help, "did you mean". */
public class CommandLineTest {
  private final Configuration conf = CrawlerConfiguration.create();

  @Test
  public void everyOptionTakesOneDashOrTwo() throws Exception {
    Generator generate = new Generator();
    CommandLine one = generate.parse(new String[] {"db", "segs", "-topN", "5"});
    CommandLine two = generate.parse(new String[] {"db", "segs", "--topN", "5", "--noFilter"});
    assertEquals("5", one.getOptionValue("topN"));
    assertEquals("5", two.getOptionValue("topN"));
    assertTrue(two.hasOption("noFilter"));
  }

  @Test
  public void helpPrintsTheUsageOfEveryCommandAndExitsZero() throws Exception {
    for (Command c : Main.commands()) {
      for (String help : new String[] {"-h", "--help"}) {
        CommandRun run = CommandRun.run(conf, c.name(), help);
        assertEquals(c.name() + " " + help + "\n" + run, 0, run.exitCode);
        assertTrue(run.toString(), run.out.startsWith("usage: bin/crawl " + c.name() + " "));
      }
    }
  }

  @Test
  public void theUsageShowsOneSpellingOfEachOption() throws Exception {
    String usage = new Generator().usage();
    assertTrue(usage, usage.contains(" -topN <N>"));
    assertTrue(usage, !usage.contains("--topN"));
  }

  @Test
  public void aMisspelledCommandGetsTheNearestNames() throws Exception {
    CommandRun run = CommandRun.run(conf, "genrate", "crawl/crawldb", "crawl/segments");
    assertEquals(run.toString(), 2, run.exitCode);
    assertEquals("trawler: unknown command 'genrate' (did you mean generate?)", run.errLines()[0]);
  }

  @Test
  public void anUnknownCommandIsOneLine() throws Exception {
    CommandRun run = CommandRun.run(conf, "genrate", "crawl/crawldb", "crawl/segments");
    assertEquals(run.toString(), 1, run.errLines().length);
    run = CommandRun.run(conf, "bogus");
    assertEquals(run.toString(), 2, run.exitCode);
    assertArrayEquals(
        new String[] {
          "trawler: unknown command 'bogus' (bin/crawl with no arguments lists the commands)"
        },
        run.errLines());
  }

  @Test
  public void nutchsCrawlScriptGetsTheRunLineThatDoesTheSame() throws Exception {
    CommandRun run = CommandRun.run(conf, "-i", "-s", "urls", "crawl", "2");
    assertEquals(run.toString(), 2, run.exitCode);
    assertArrayEquals(
        new String[] {
          "trawler: unknown command '-i'; Nutch's crawl script is Trawler's run command:"
              + " bin/crawl run urls crawl 2 -index crawl/index"
        },
        run.errLines());
    run = CommandRun.run(conf, "crawl");
    assertEquals(
        "trawler: unknown command 'crawl'; the crawl loop is the run command:"
            + " bin/crawl run <url_dir> <crawl_dir> <rounds>",
        run.errLines()[0]);
  }

  @Test
  public void nutchsScriptOptionsBecomeRunOptions() {
    assertEquals(
        "bin/crawl run seeds c 3 -threads 20 -topN 1000 -hostdb -D http.agent.name=me",
        NutchCrawlScript.runLine(
            new String[] {
              "--num-threads",
              "20",
              "-s",
              "seeds",
              "--size-fetchlist",
              "1000",
              "--hostdb",
              "-D",
              "http.agent.name=me",
              "-w",
              "5m",
              "c",
              "3"
            }));
    assertNull(NutchCrawlScript.runLine(new String[] {"-s", "seeds", "c"}));
    assertNull(NutchCrawlScript.runLine(new String[] {"-s", "seeds", "c", "3", "--bogus"}));
    assertEquals("", NutchCrawlScript.hint(new String[] {"fecth", "x"}));
  }

  @Test
  public void aMisspelledOptionGetsTheNearestNames() throws Exception {
    CommandRun run = CommandRun.run(conf, "generate", "db", "segs", "--topn", "5");
    assertEquals(run.toString(), 2, run.exitCode);
    assertEquals(
        "trawler generate: unknown option --topn (did you mean -topN?)", run.errLines()[0]);
    run = CommandRun.run(conf, "run", "urls", "crawl", "1", "-threds", "5");
    assertEquals("trawler run: unknown option -threds (did you mean -threads?)", run.errLines()[0]);
  }

  @Test
  public void aPrefixOfAnOptionIsNotTakenForIt() throws Exception {
    CommandRun run = CommandRun.run(conf, "generate", "db", "segs", "-top", "5");
    assertEquals(run.toString(), 2, run.exitCode);
    assertTrue(run.err, run.errLines()[0].startsWith("trawler generate: unknown option -top"));
  }
}
