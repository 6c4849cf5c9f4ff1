package org.trawler.jobs.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.jobs.Command;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/** The exit codes docs/cli.md gives each command are the ones the commands return. */
public class ExitCodesTest {
  private static final Path CLI_DOC = Path.of("../docs/cli.md");
  private static final Pattern ROW = Pattern.compile("^\\| (\\w+) \\| (.*) \\|$");
  private static final Pattern CODE = Pattern.compile("(?:^|; )(?:interrupted: )?(\\d+)");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Each command of the table with the codes its row names. */
  private static Map<String, Set<Integer>> documented() throws Exception {
    Map<String, Set<Integer>> codes = new HashMap<>();
    for (String line : Files.readAllLines(CLI_DOC)) {
      Matcher row = ROW.matcher(line);
      if (row.matches() && !row.group(1).equals("command")) {
        Set<Integer> set = new HashSet<>();
        Matcher code = CODE.matcher(row.group(2));
        while (code.find()) {
          set.add(Integer.parseInt(code.group(1)));
        }
        codes.put(row.group(1), set);
      }
    }
    return codes;
  }

  @Test
  public void everyCommandHasARowWithSuccessAndUsage() throws Exception {
    Map<String, Set<Integer>> codes = documented();
    for (Command c : Main.JOB_COMMANDS) {
      assertTrue("docs/cli.md has no row for " + c.name(), codes.containsKey(c.name()));
      assertTrue(
          c.name() + " " + codes.get(c.name()), codes.get(c.name()).containsAll(Set.of(0, 2)));
    }
  }

  /**
   * The code fetch and run return when a first signal stopped them: InterruptedRunTest sends the
   * signal to a real run and asserts this code; here the docs name it for both, and no other
   * command claims it (the others do not catch signals).
   */
  @Test
  public void interruptedIsDocumentedForFetchAndRunOnly() throws Exception {
    assertEquals(130, org.trawler.jobs.fetch.Fetcher.INTERRUPTED);
    Map<String, Set<Integer>> codes = documented();
    for (Map.Entry<String, Set<Integer>> e : codes.entrySet()) {
      boolean catchesSignals = e.getKey().equals("fetch") || e.getKey().equals("run");
      assertEquals(
          e.getKey() + " " + e.getValue(),
          catchesSignals,
          e.getValue().contains(org.trawler.jobs.fetch.Fetcher.INTERRUPTED));
    }
    String doc = Files.readString(CLI_DOC);
    assertTrue("the codes' summary names 130", doc.contains("130 interrupted"));
  }

  @Test
  public void eachCaseExitsWithACodeItsCommandsRowNames() throws Exception {
    Map<String, Set<Integer>> codes = documented();
    Configuration conf = LocalJobFixtures.localConf();
    File empty = tmp.newFolder("empty");
    String missing = new File(tmp.getRoot(), "missing").getPath();
    String out = new File(tmp.getRoot(), "out").getPath();
    List<String[]> cases = new ArrayList<>();
    for (Command c : Main.JOB_COMMANDS) {
      cases.add(new String[] {"2", c.name(), "-bogus"});
      cases.add(new String[] {"0", c.name(), "-h"});
    }
    cases.add(new String[] {"1", "conf", "no-such-words-anywhere"});
    cases.add(new String[] {"2", "conf", "-D", "db.fsync=maybe"});
    cases.add(new String[] {"1", "search", missing, "anything"});
    cases.add(new String[] {"2", "search", missing, "title:(open"});
    cases.add(new String[] {"1", "inject", out, empty.getPath()});
    cases.add(new String[] {"3", "inject", out, missing});
    List<String> problems = new ArrayList<>();
    for (String[] c : cases) {
      String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
      CommandRun run = CommandRun.run(conf, args);
      int expected = Integer.parseInt(c[0]);
      if (run.exitCode != expected) {
        problems.add(String.join(" ", args) + ": exit " + run.exitCode + ", not " + expected);
      }
      if (!codes.get(c[1]).contains(run.exitCode)) {
        problems.add(String.join(" ", args) + ": exit " + run.exitCode + " is not in docs/cli.md");
      }
    }
    assertEquals(String.join("\n", problems), 0, problems.size());
  }
}
