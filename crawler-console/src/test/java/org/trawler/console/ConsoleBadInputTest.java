package org.trawler.console;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;
import org.trawler.jobs.reliability.BadInputTest;

/**
 * Bad input to the console's commands (report, serve), checked as {@link BadInputTest} checks the
 * crawl's: one line, the exit code, no stack trace, the crawl untouched. No row lets serve start.
 */
@RunWith(Parameterized.class)
public class ConsoleBadInputTest extends BadInputTest {
  public ConsoleBadInputTest(String name, String[] args, int exitCode, String message) {
    super(name, args, exitCode, message);
  }

  @Parameters(name = "{0}")
  public static Collection<Object[]> cases() {
    List<Object[]> cases = new ArrayList<>();
    cases.add(bad(cmd("report"), USAGE, "missing arguments"));
    cases.add(bad(cmd("report", "{crawl}", "{crawl}"), USAGE, "too many arguments"));
    cases.add(bad(cmd("report", "{crawl}", "-bogus"), USAGE, "unknown option -bogus"));
    cases.add(bad(cmd("report", "{crawl}", "-out"), USAGE, "Missing argument for option: out"));
    cases.add(bad(cmd("report", "{missing}"), FAILED, "no crawl directory at"));
    cases.add(bad(cmd("serve"), USAGE, "missing arguments"));
    cases.add(bad(cmd("serve", "{crawl}", "{crawl}"), USAGE, "too many arguments"));
    cases.add(bad(cmd("serve", "{crawl}", "-bogus"), USAGE, "unknown option -bogus"));
    cases.add(bad(cmd("serve", "{missing}"), FAILED, "no crawl at"));
    cases.add(bad(cmd("serve", "{foreign}"), FAILED, "it has no crawldb"));
    cases.add(bad(cmd("serve", "{crawl}", "-port", "70000"), USAGE, "-port must be 0 to 65535"));
    cases.add(bad(cmd("serve", "{crawl}", "-port", "-1"), USAGE, "-port must be 0 to 65535"));
    cases.add(bad(cmd("serve", "{crawl}", "-port", "http"), USAGE, "-port"));
    return cases;
  }
}
