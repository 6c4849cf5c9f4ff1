package org.trawler.console;

import java.util.List;
import org.trawler.console.report.ReportCommand;
import org.trawler.console.serve.ServeCommand;
import org.trawler.jobs.Command;
import org.trawler.jobs.CommandSet;

/** The console's commands, added to bin/crawl on the local classpath. */
public class ConsoleCommands implements CommandSet {
  @Override
  public List<Command> commands() {
    return List.of(
        new Command(
            "report",
            "write the crawl's report: one HTML file with charts + JSON",
            ReportCommand::new),
        new Command(
            "serve",
            "a local read-only web console: overview, search, URLs, report",
            ServeCommand::new));
  }
}
