package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.cli.Main;

/**
 * A {@code bench} command run through the command line in this JVM, in local mode: what it printed
 * and the JSON it wrote, once it has exited 0.
 */
record BenchRun(String output, JsonNode report) {

  /** Runs {@code bin/crawl args... --json json} and checks its exit code. */
  static BenchRun of(File json, String... args) throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    String[] all = Arrays.copyOf(args, args.length + 2);
    all[args.length] = "--json";
    all[args.length + 1] = json.getPath();
    int rc = Main.run(conf, all, out, out);
    String output = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(output, 0, rc);
    return new BenchRun(output, new ObjectMapper().readTree(json));
  }
}
