package org.trawler.simweb;

import java.util.List;
import org.trawler.jobs.Command;
import org.trawler.jobs.CommandSet;
import org.trawler.simweb.bench.BenchCommand;
import org.trawler.simweb.demo.DemoCommand;

/** The commands of the test website: on bin/crawl's local classpath, not in the job jar. */
public final class SimWebCommands implements CommandSet {
  @Override
  public List<Command> commands() {
    return List.of(
        new Command("demo", "crawl a built-in local website for a few rounds", DemoCommand::new),
        new Command(
            "simweb", "serve a synthetic website on loopback addresses", SimWebCommand::new),
        new Command("bench", "measure the crawl cycle against simweb", BenchCommand::new));
  }
}
