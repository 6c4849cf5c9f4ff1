package org.trawler.simweb.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.hadoop.conf.Configuration;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.simweb.ServedAddresses;
import org.trawler.simweb.SiteModel;

/**
 * {@code bench render N}: N script pages of a simweb in its own JVM fetched and parsed unrendered,
 * then rendered in headless Chromium with 2 and 4 browsers ({@link RenderBenchmark}).
 */
final class BenchRender extends BenchMode {

  BenchRender() {
    super(COUNT);
  }

  @Override
  String subcommand() {
    return "render";
  }

  @Override
  String summary() {
    return "N script pages fetched and parsed unrendered, then rendered in headless Chromium";
  }

  @Override
  String modeSynopsis() {
    return "[--json FILE] [--dir DIR]";
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    int pages = (int) countArgument(cmd);
    int hosts = Math.max(1, (pages + 99) / 100);
    List<String> simweb =
        SimWebProcess.cleanSite(
            "--hosts",
            "" + hosts,
            "--pages",
            "" + (pages + hosts - 1) / hosts,
            "--outlinks",
            "10",
            "--page-kb",
            "20",
            "--js-pct",
            "100",
            "--seed-all");
    Path seeds = dir.resolve("seeds").resolve("seeds.txt");
    Files.createDirectories(seeds.getParent());
    out().println("bench: starting simweb in its own JVM: " + String.join(" ", simweb));
    try (SimWebProcess server = SimWebProcess.start(simweb, seeds, dir.resolve("simweb.log"))) {
      List<String> urls = new ArrayList<>();
      for (String url : Files.readAllLines(seeds)) {
        if (url.contains("/p/") && urls.size() < pages) {
          urls.add(url.strip());
        }
      }
      Configuration conf = new Configuration(getConf());
      ServedAddresses.allow(conf, SiteModel.addresses(hosts), "trawler bench --render");
      conf.set(PolitenessKeys.SERVER_DELAY, "0");
      List<RenderBenchmark.Figures> figures =
          new RenderBenchmark(conf, out()).run(urls, server.pid());
      RenderBenchmark.writeJson(figures, json);
    }
    written(json);
    return 0;
  }
}
