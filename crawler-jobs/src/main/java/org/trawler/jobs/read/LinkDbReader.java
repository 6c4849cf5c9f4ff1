package org.trawler.jobs.read;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.store.DumpFile;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.linkdb.LinkDbParts;

/**
 * {@code readlinkdb <linkdb> -url <url> | -dump <out_dir>}: a page's inlinks and their anchors, as
 * one JSON object, or every page's as JSON Lines. The base and the generations are merged, as every
 * reader of the linkdb sees them.
 */
public class LinkDbReader extends CrawlTool {
  static final String DUMP_JSON = "inlinks.json";

  @Override
  public String name() {
    return "readlinkdb";
  }

  @Override
  public String synopsis() {
    return "<linkdb> (-url <url> | -dump <out_dir>)";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(valued("url", "url", "print the page's inlinks and anchors as JSON"))
        .addOption(valued("dump", "out_dir", "write every page's inlinks to out_dir/" + DUMP_JSON));
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    exactlyOne(cmd, "url", "dump");
    Configuration conf = getConf();
    String linkDbName = cmd.getArgList().get(0);
    LinkDbParts parts = LinkDbParts.of(conf, new Path(linkDbName));
    if (parts == null) {
      throw new UserException(linkDbName + " is not a linkdb: run invertlinks first");
    }
    if (cmd.hasOption("url")) {
      String url = cmd.getOptionValue("url");
      List<Outlink> inlinks = parts.inlinks(conf, new Text(url));
      if (inlinks.isEmpty()) {
        throw new UserException(
            url + " has no inlinks in " + linkDbName, UserException.NOTHING_TO_DO);
      }
      JsonOutput json =
          new JsonOutput(new PrintWriter(new OutputStreamWriter(out(), StandardCharsets.UTF_8)));
      write(json, url, inlinks);
      json.newLine().flush();
      return 0;
    }
    Path file = new Path(new Path(cmd.getOptionValue("dump")), DUMP_JSON);
    long n = DumpFile.write(conf, file, out -> dump(conf, parts, new JsonOutput(out)));
    out().println("readlinkdb: wrote " + n + " pages to " + file);
    return 0;
  }

  /** {"url": ..., "inlinks": [{"from": ..., "anchor": ...}]}. */
  static void write(JsonOutput json, String url, List<Outlink> inlinks) throws IOException {
    json.beginObject().name("url").value(url).name("inlinks").beginArray();
    for (Outlink l : inlinks) {
      json.beginObject()
          .name("from")
          .value(l.getToUrl())
          .name("anchor")
          .value(l.getAnchor())
          .endObject();
    }
    json.endArray().endObject();
  }

  /** One open data file and its current entry, for merging the sorted files by URL. */
  private static final class Cursor {
    final MapFile.Reader reader;
    final Text url = new Text();
    final Inlinks inlinks = new Inlinks();

    Cursor(MapFile.Reader reader) {
      this.reader = reader;
    }

    boolean next() throws IOException {
      return reader.next(url, inlinks);
    }
  }

  /**
   * Writes every page in URL order, its inlinks from the base and all generations together: the
   * data files are each sorted, so one pass merges them without holding the linkdb in memory.
   */
  private static long dump(Configuration conf, LinkDbParts parts, JsonOutput json)
      throws IOException {
    PriorityQueue<Cursor> queue = new PriorityQueue<>(Comparator.comparing(c -> c.url));
    List<Cursor> open = new ArrayList<>();
    long count = 0;
    try {
      for (Path data : parts.dataFiles()) {
        Cursor c = new Cursor(new MapFile.Reader(data.getParent(), conf));
        open.add(c);
        if (c.next()) {
          queue.add(c);
        }
      }
      while (!queue.isEmpty()) {
        String url = queue.peek().url.toString();
        List<Outlink> inlinks = new ArrayList<>();
        while (!queue.isEmpty() && queue.peek().url.toString().equals(url)) {
          Cursor c = queue.poll();
          inlinks.addAll(c.inlinks.getInlinks());
          if (c.next()) {
            queue.add(c);
          }
        }
        write(json, url, inlinks);
        json.newLine();
        count++;
      }
    } finally {
      for (Cursor c : open) {
        c.reader.close();
      }
    }
    return count;
  }
}
