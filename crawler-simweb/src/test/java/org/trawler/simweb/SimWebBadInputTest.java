package org.trawler.simweb;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;
import org.trawler.jobs.reliability.BadInputTest;

/** Bad input to the test website's commands, checked as {@link BadInputTest} checks the crawl's. */
@RunWith(Parameterized.class)
public class SimWebBadInputTest extends BadInputTest {

  public SimWebBadInputTest(String name, String[] args, int exitCode, String message) {
    super(name, args, exitCode, message);
  }

  @Parameters(name = "{0}")
  public static Collection<Object[]> cases() {
    List<Object[]> cases = new ArrayList<>();
    cases.add(bad(cmd("simweb", "--hosts", "0"), USAGE, "hosts"));
    cases.add(bad(cmd("simweb", "--pages", "x"), USAGE, "whole number"));
    cases.add(bad(cmd("simweb", "extra"), USAGE, "too many arguments"));
    cases.add(bad(cmd("demo", "--rounds", "0"), USAGE, "--rounds must be at least 1"));
    cases.add(bad(cmd("demo", "extra"), USAGE, "too many arguments"));
    cases.add(bad(cmd("demo", "--dir", "{foreign}"), FAILED, "not a previous demo crawl"));
    cases.add(bad(cmd("bench", "extra"), USAGE, "unknown subcommand extra (one of cycle,"));
    cases.add(bad(cmd("bench", "--hosts", "0"), USAGE, "at least 1"));
    cases.add(bad(cmd("simweb", "--reset-pct", "x"), USAGE, "number"));
    cases.add(bad(cmd("simweb", "--huge-kb", "0"), USAGE, "huge page size"));
    cases.add(bad(cmd("simweb", "--slow-ms", "-1"), USAGE, "slow delay"));
    cases.add(bad(cmd("simweb", "--error-pct", "60", "--loop-pct", "50"), USAGE, "add up to"));
    cases.add(bad(cmd("bench", "--soak", "0"), USAGE, "MINUTES must be above 0"));
    cases.add(bad(cmd("bench", "--soak", "x"), USAGE, "number"));
    cases.add(bad(cmd("bench", "--soak", "5", "--topN", "0"), USAGE, "at least 1"));
    cases.add(bad(cmd("bench", "sok", "5"), USAGE, "unknown subcommand sok (did you mean soak?)"));
    cases.add(bad(cmd("bench", "cycle", "extra"), USAGE, "too many arguments"));
    cases.add(bad(cmd("bench", "cycle", "--dir", "{foreign}"), USAGE, "is not empty"));
    cases.add(bad(cmd("bench", "vs-wget", "--dir", "{file}"), USAGE, "is a file"));
    cases.add(bad(cmd("bench", "cycle", "--wget", "w"), USAGE, "unknown option --wget"));
    cases.add(bad(cmd("bench", "--hosts", "3", "cycle"), USAGE, "the subcommand comes first"));
    cases.add(bad(cmd("bench", "db"), USAGE, "missing arguments"));
    cases.add(bad(cmd("bench", "db", "0"), USAGE, "N must be at least 1"));
    cases.add(bad(cmd("bench", "soak", "x"), USAGE, "MINUTES takes a number, not 'x'"));
    cases.add(bad(cmd("bench", "--db-urls", "0", "--db-sites"), USAGE, "N must be at least 1"));
    cases.add(bad(cmd("bench", "--render", "5", "--hosts", "3"), USAGE, "unknown option --hosts"));
    return cases;
  }
}
