package org.trawler.jobs.index;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.Path;
import org.apache.lucene.index.FieldInfos;
import org.trawler.core.UserException;
import org.trawler.core.conf.NearestNames;
import org.trawler.core.io.JsonOutput;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;

/**
 * {@code search <index> <query> [-n 10] [-json] [-fields title,url]}: the best hits of a query in
 * Lucene's syntax ({@link Search}), one block per hit (rank, score, URL, title, snippet), or one
 * JSON object per line. Exit 1 when nothing matches, 2 when the query does not parse.
 */
public class SearchCommand extends CrawlTool {

  @Override
  public String name() {
    return "search";
  }

  @Override
  public String synopsis() {
    return "<index> <query> [-n 10] [-json] [-fields title,url]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(Option.builder("n").hasArg().argName("N").desc("hits to show (10)").build())
        .addOption("json", false, "one JSON object per hit and line")
        .addOption(
            Option.builder("fields")
                .hasArg()
                .argName("f1,f2")
                .desc("stored fields to show besides rank and score (default: url, title, snippet)")
                .build());
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {2, 2};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    int n = intOption(cmd, "n", 10);
    if (n < 1) {
      throw new UsageException("-n must be at least 1, not " + n);
    }
    List<String> fields =
        cmd.hasOption("fields")
            ? List.of(cmd.getOptionValue("fields").split("\\s*,\\s*"))
            : List.of();
    Path index = new Path(cmd.getArgList().get(0));
    String query = cmd.getArgList().get(1);
    Search search = Search.fromConf(getConf());
    List<Search.Hit> hits;
    try {
      search.parse(query); // a bad query is the user's, whether or not there is an index
      try (IndexShards shards = IndexShards.open(getConf(), index)) {
        checkFields(fields, FieldInfos.getMergedFieldInfos(shards.reader()), index);
        hits = search.search(shards, query, n);
      }
    } catch (Search.BadQueryException e) {
      throw new UserException(
          "cannot parse the query '" + query + "': " + e.getMessage(), UserException.USAGE);
    }
    if (hits.isEmpty()) {
      err().println("trawler search: no page of " + index + " matches " + query);
      return UserException.NOTHING_TO_DO;
    }
    if (cmd.hasOption("json")) {
      printJson(out(), hits, fields);
    } else {
      printText(out(), hits, fields);
    }
    return 0;
  }

  /**
   * A field to show that the index does not have is a mistake (a typo, another index's name), not a
   * blank column: one line naming it and the fields there are.
   */
  static void checkFields(List<String> fields, FieldInfos inIndex, Path index)
      throws UserException {
    for (String f : fields) {
      if (!f.equals("snippet") && inIndex.fieldInfo(f) == null) {
        List<String> names = new ArrayList<>();
        inIndex.forEach(i -> names.add(i.name));
        Collections.sort(names);
        names.add("snippet");
        throw new UserException(
            "-fields: "
                + index
                + " has no field '"
                + f
                + "'"
                + NearestNames.didYouMean(f, names, "")
                + "; its fields: "
                + String.join(", ", names),
            UserException.USAGE);
      }
    }
  }

  static void printText(PrintStream out, List<Search.Hit> hits, List<String> fields) {
    for (Search.Hit h : hits) {
      if (fields.isEmpty()) {
        out.printf("%2d. %.3f  %s%n", h.rank(), h.score(), h.url());
        out.println("    " + (h.title().isEmpty() ? "(no title)" : h.title()));
        out.println("    " + h.snippet());
      } else {
        out.printf("%2d. %.3f", h.rank(), h.score());
        for (String f : fields) {
          out.print("  " + String.join(" | ", stored(h, f)));
        }
        out.println();
      }
    }
  }

  static void printJson(PrintStream out, List<Search.Hit> hits, List<String> fields)
      throws java.io.IOException {
    OutputStreamWriter w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    JsonOutput json = new JsonOutput(w);
    for (Search.Hit h : hits) {
      json.beginObject().name("rank").value(h.rank()).name("score").value(h.score());
      if (fields.isEmpty()) {
        json.name("url").value(h.url()).name("title").value(h.title());
        json.name("snippet").value(h.snippet());
      } else {
        for (String f : fields) {
          List<String> values = stored(h, f);
          json.name(f);
          if (values.size() == 1) {
            json.value(values.get(0));
          } else {
            json.beginArray();
            for (String v : values) {
              json.value(v);
            }
            json.endArray();
          }
        }
      }
      json.endObject().newLine();
    }
    json.flush();
  }

  /** A field's stored values; "snippet" is the hit's snippet. */
  private static List<String> stored(Search.Hit h, String field) {
    if (field.equals("snippet")) {
      return List.of(h.snippet());
    }
    return List.of(h.doc().getValues(field));
  }
}
