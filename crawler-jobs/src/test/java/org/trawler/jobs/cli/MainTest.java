package org.trawler.jobs.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.jobs.Command;

public class MainTest {

  @Test
  public void onlyALocalCommandLineOnTheLocalFileSystemForgetsTheClusterDefaults() {
    Configuration local = new Configuration(false);
    local.set("mapreduce.framework.name", "local");
    local.set("fs.defaultFS", "file:///");
    assertTrue(Main.onlyLocal(local, new String[] {"run", "urls", "crawl", "2", "-D", "a=b"}));
    assertTrue(Main.onlyLocal(local, new String[] {"check", "https://example.org/"}));
    assertFalse(Main.onlyLocal(local, new String[] {"readdb", "hdfs://nn/crawl/crawldb"}));
    assertFalse(Main.onlyLocal(local, new String[] {"run", "-D", "mapreduce.framework.name=yarn"}));
    assertFalse(Main.onlyLocal(local, new String[] {"inject", "-fs", "x", "crawldb", "urls"}));
    assertFalse(Main.onlyLocal(local, new String[] {"inject", "-conf", "my.xml", "db", "urls"}));
    Configuration yarn = new Configuration(local);
    yarn.set("mapreduce.framework.name", "yarn");
    assertFalse(Main.onlyLocal(yarn, new String[] {"run", "urls", "crawl", "2"}));
    Configuration hdfs = new Configuration(local);
    hdfs.set("fs.defaultFS", "hdfs://nn:8020");
    assertFalse(Main.onlyLocal(hdfs, new String[] {"run", "urls", "crawl", "2"}));
  }

  @Test
  public void theCommandListNamesEveryCommandWithoutMakingItsTool() {
    Command unbuildable =
        new Command(
            "broken",
            "a command whose tool cannot be made",
            () -> {
              throw new AssertionError("the list made a tool");
            });
    String list = Main.commandList(List.of(unbuildable));
    assertTrue(list, list.contains("  broken       a command whose tool cannot be made\n"));
  }

  @Test
  public void theJobJarsCommandsComeInTheOrderOfACrawl() {
    List<String> names = Main.JOB_COMMANDS.stream().map(Command::name).toList();
    assertEquals(
        List.of(
            "inject",
            "generate",
            "fetch",
            "parse",
            "updatedb",
            "updatehostdb",
            "sitemap",
            "invertlinks",
            "hostrank",
            "dedup",
            "rank",
            "index",
            "search",
            "warc",
            "urlindex",
            "readdb",
            "readseg",
            "readhostdb",
            "readlinkdb",
            "check",
            "urlcheck",
            "run",
            "conf"),
        names);
  }

  @Test
  public void genericOptionsMoveInFrontSoTheyMayComeAnywhere() {
    assertEquals(
        List.of("-D", "a=b", "-Dc=d", "crawldb", "-topN", "5"),
        List.of(
            Main.genericOptionsFirst(
                new String[] {"crawldb", "-D", "a=b", "-topN", "5", "-Dc=d"})));
  }
}
