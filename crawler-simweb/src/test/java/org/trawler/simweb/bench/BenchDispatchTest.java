package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.DefaultParser;
import org.junit.Test;
import org.trawler.jobs.UsageException;

/** bench's dispatch: the subcommand a command line names, and what the old flag forms stand for. */
public class BenchDispatchTest {

  /** The subcommand and its arguments that {@code bench args...} in the old form runs. */
  private static String alias(String... args) throws Exception {
    List<String> rest = new ArrayList<>();
    BenchMode mode =
        BenchCommand.aliased(new DefaultParser().parse(new BenchCommand().options(), args), rest);
    return (mode.subcommand() + " " + String.join(" ", rest)).strip();
  }

  @Test
  public void oldFlagFormsStandForTheirSubcommands() throws Exception {
    assertEquals("cycle", alias());
    assertEquals("cycle --hosts 3 --seed-all", alias("--hosts", "3", "--seed-all"));
    assertEquals(
        "db 1000 --sites --json b.json",
        alias("--db-urls", "1000", "--db-sites", "--json", "b.json"));
    assertEquals("linkdb 50 --rounds 2", alias("--linkdb-urls", "50", "--rounds", "2"));
    assertEquals(
        "docs --documents 3 --rounds 1",
        alias("--profile", "docs", "--documents", "3", "--rounds", "1"));
    assertEquals(
        "parse-filters 500 --profile apidocs",
        alias("--parse-filters", "500", "--profile", "apidocs"));
    assertEquals("vs-wget --wget /bin/wget", alias("--vs-wget", "--wget", "/bin/wget"));
    assertEquals(
        "broad --sites 5 --features-off", alias("--broad", "--sites", "5", "--features-off"));
    assertEquals("soak 0.5 --rounds 3", alias("--soak", "0.5", "--rounds", "3"));
    assertEquals("render 200", alias("--render", "200"));
    assertEquals("main-content /corpus", alias("--main-content", "/corpus"));
  }

  @Test
  public void everySubcommandIsNamedOnceAndFoundByItsName() throws Exception {
    List<String> names = new ArrayList<>();
    for (var mode : BenchCommand.MODES) {
      String name = mode.get().subcommand();
      assertEquals(name, BenchCommand.named(name).subcommand());
      names.add(name);
    }
    assertEquals(
        List.of(
            "cycle",
            "vs-wget",
            "parse-filters",
            "broad",
            "soak",
            "db",
            "linkdb",
            "rank",
            "docs",
            "main-content",
            "render",
            "datasets"),
        names);
    for (BenchCommand.Alias a : BenchCommand.ALIASES) {
      assertTrue(a.flag(), names.contains(a.subcommand()));
    }
  }

  @Test
  public void anUnknownSubcommandIsAUsageErrorNamingTheKnownOnes() {
    UsageException e = assertThrows(UsageException.class, () -> BenchCommand.named("cycles"));
    assertEquals("unknown subcommand cycles (did you mean cycle?)", e.getMessage());
    e = assertThrows(UsageException.class, () -> BenchCommand.named("extra"));
    assertEquals(
        "unknown subcommand extra (one of cycle, vs-wget, parse-filters, broad, soak, db, linkdb,"
            + " rank, docs, main-content, render, datasets)",
        e.getMessage());
  }
}
