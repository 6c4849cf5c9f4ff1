package org.trawler.jobs.crawl;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.trawler.core.UserException;
import org.trawler.core.conf.KnownSettings;
import org.trawler.core.io.JsonOutput;
import org.trawler.jobs.CrawlTool;

/**
 * {@code conf [pattern] [-json]}: the settings in effect (every Trawler key, and the Hadoop keys
 * the user set), each with its value, where it came from (default, trawler-site.xml, -D) and what
 * it does; {@code pattern} keeps those whose name or description holds it. Exit 1 when none does.
 */
public class ConfCommand extends CrawlTool {

  @Override
  public String name() {
    return "conf";
  }

  @Override
  public String synopsis() {
    return "[pattern] [-json]";
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {0, 1};
  }

  @Override
  protected Options options() {
    return new Options().addOption("json", false, "print one JSON object per line");
  }

  @Override
  protected int execute(CommandLine cmd) throws IOException {
    String pattern = cmd.getArgList().isEmpty() ? "" : cmd.getArgList().get(0);
    List<KnownSettings.InEffect> settings = KnownSettings.load().inEffect(getConf(), pattern);
    if (cmd.hasOption("json")) {
      JsonOutput json = new JsonOutput(new OutputStreamWriter(out(), StandardCharsets.UTF_8));
      for (KnownSettings.InEffect s : settings) {
        json.beginObject()
            .name("name")
            .value(s.name())
            .name("value")
            .value(s.value())
            .name("source")
            .value(s.source())
            .name("description")
            .value(s.description())
            .endObject()
            .newLine();
      }
      json.flush();
    } else {
      for (KnownSettings.InEffect s : settings) {
        out().println(s.name() + " = " + s.value() + "  (" + s.source() + ")");
        out().println("    " + s.description());
      }
    }
    out().flush();
    if (settings.isEmpty()) {
      err().println("trawler conf: no setting's name or description holds '" + pattern + "'");
      return UserException.NOTHING_TO_DO;
    }
    return 0;
  }
}
