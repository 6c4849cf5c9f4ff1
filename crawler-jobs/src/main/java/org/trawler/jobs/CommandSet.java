package org.trawler.jobs;

import java.util.List;

/**
 * Commands another module adds to bin/crawl, listed in its {@code
 * META-INF/services/org.trawler.jobs.CommandSet}: the test website's commands (simweb, demo, bench)
 * are there on a laptop's classpath and absent from the job jar a cluster runs.
 */
public interface CommandSet {
  List<Command> commands();
}
