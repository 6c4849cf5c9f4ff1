package org.trawler.jobs.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.junit.Test;
import org.trawler.jobs.Command;

public class MainTest {

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
