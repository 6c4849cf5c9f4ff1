package org.trawler.console.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.trawler.core.UserException;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.layout.CrawlDir;

/**
 * {@code report <crawl_dir> [-out <dir>] [-json]}: writes the crawl's report, one self-contained
 * {@code index.html} and {@code report.json}, into {@code <crawl_dir>/report} or {@code -out}.
 */
public class ReportCommand extends CrawlTool {
  public static final String DEFAULT_DIR = "report";
  public static final String HTML_FILE = "index.html";
  public static final String JSON_FILE = "report.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Where a report went. */
  public record Written(Path html, Path json, ObjectNode report) {}

  @Override
  public String name() {
    return "report";
  }

  @Override
  public String synopsis() {
    return "<crawl_dir> [-out <dir>] [-json]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(
            valued(
                "out",
                "dir",
                "where to write index.html and report.json (default crawl_dir/report)"))
        .addOption("json", false, "also print report.json on standard output");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    CrawlDir crawl = new CrawlDir(new Path(cmd.getArgList().get(0)));
    Path out = cmd.hasOption("out") ? new Path(cmd.getOptionValue("out")) : null;
    Written w = write(getConf(), crawl, out);
    if (cmd.hasOption("json")) {
      out().println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(w.report()));
    } else {
      out().println("report: " + w.html() + " (open it in a browser) and " + w.json());
    }
    return 0;
  }

  /** Counts the crawl's figures and writes the report into {@code out} (null: the default). */
  public static Written write(Configuration conf, CrawlDir crawl, Path out)
      throws IOException, UserException {
    Path dir = out != null ? out : new Path(crawl.root(), DEFAULT_DIR);
    Path work = new Path(crawl.root(), ".report-figures-" + System.nanoTime());
    ObjectNode report = CrawlReport.build(conf, crawl, work);
    FileSystem fs = dir.getFileSystem(conf);
    fs.mkdirs(dir);
    Path html = new Path(dir, HTML_FILE);
    Path json = new Path(dir, JSON_FILE);
    writeText(fs, json, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(report));
    writeText(fs, html, ReportPage.html(report, false));
    return new Written(fs.makeQualified(html), fs.makeQualified(json), report);
  }

  private static void writeText(FileSystem fs, Path file, String text) throws IOException {
    try (OutputStream o = fs.create(file, true)) {
      o.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }
}
