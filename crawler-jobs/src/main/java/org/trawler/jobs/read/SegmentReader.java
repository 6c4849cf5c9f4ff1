package org.trawler.jobs.read;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.core.UserException;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.parse.ParsedPage;
import org.trawler.core.store.DumpFile;
import org.trawler.core.store.KeyGroups;
import org.trawler.core.store.PartCursor;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.PathNames;
import org.trawler.core.store.Segment;
import org.trawler.core.usage.SiteSignals;
import org.trawler.core.usage.UsageField;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;

/**
 * {@code readseg -list <segment>... | -dump <segment> <out_dir>}: record counts of a segment's
 * parts, or one JSON object per URL joining its parts. The dump merges the parts in URL order
 * (MapFile parts are sorted; the others are sorted on disk first), so memory stays small whatever
 * the segment's size.
 */
public class SegmentReader extends CrawlTool {
  /** Every part, in the order of a fetch round; -list shows them in this order. */
  public static final List<String> PARTS =
      List.of(
          Segment.CRAWL_GENERATE,
          Segment.CRAWL_FETCH,
          Segment.CONTENT,
          Segment.CRAWL_PARSE,
          Segment.PARSE_DATA,
          Segment.PARSE_TEXT);

  /** The parts -dump joins (crawl_parse is keyed by link targets, not by this segment's pages). */
  static final List<String> DUMPED_PARTS =
      List.of(
          Segment.CRAWL_GENERATE,
          Segment.CRAWL_FETCH,
          Segment.CONTENT,
          Segment.PARSE_DATA,
          Segment.PARSE_TEXT);

  public static final String DUMP_FILE = "dump.jsonl";

  @Override
  public String name() {
    return "readseg";
  }

  @Override
  public String synopsis() {
    return "-list <segment>... | -dump <segment> <out_dir>";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption("list", false, "print the record count of each part of each segment")
        .addOption("dump", false, "write one JSON object per URL to <out_dir>/" + DUMP_FILE);
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, -1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    List<String> args = cmd.getArgList();
    if (cmd.hasOption("list") == cmd.hasOption("dump")) {
      throw new UsageException("give -list or -dump");
    }
    Configuration conf = getConf();
    if (cmd.hasOption("list")) {
      out().print(list(conf, args));
      return 0;
    }
    if (args.size() != 2) {
      throw new UsageException("-dump takes a segment and an output directory");
    }
    Path file = new Path(args.get(1), DUMP_FILE);
    long n = dump(conf, segment(conf, args.get(0)), file);
    out().println("readseg: wrote " + n + " URLs to " + file);
    return 0;
  }

  private static Path segment(Configuration conf, String name) throws IOException, UserException {
    Path segment = new Path(name);
    FileSystem fs = segment.getFileSystem(conf);
    if (!fs.exists(segment) || !fs.getFileStatus(segment).isDirectory()) {
      throw new UserException("no segment at " + name);
    }
    return segment;
  }

  /** The -list table: one row per segment, one column per part ("-" when absent). */
  static String list(Configuration conf, List<String> segments) throws IOException, UserException {
    int width = "segment".length();
    for (String s : segments) {
      width = Math.max(width, s.length());
    }
    StringBuilder sb = new StringBuilder(String.format("%-" + width + "s", "segment"));
    for (String part : PARTS) {
      sb.append("  ").append(part);
    }
    sb.append('\n');
    for (String name : segments) {
      Path segment = segment(conf, name);
      sb.append(String.format("%-" + width + "s", name));
      for (String part : PARTS) {
        String count =
            Segment.hasPart(conf, segment, part)
                ? Long.toString(PartFiles.countKeys(conf, new Path(segment, part), new Text()))
                : "-";
        sb.append("  ").append(String.format("%" + part.length() + "s", count));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /**
   * Writes the joined records of {@code segment} to {@code file} (which must not exist); returns
   * the URL count.
   */
  static long dump(Configuration conf, Path segment, Path file) throws IOException, UserException {
    List<String> present = new ArrayList<>();
    for (String part : DUMPED_PARTS) {
      if (Segment.hasPart(conf, segment, part)) {
        present.add(part);
      }
    }
    if (present.isEmpty()) {
      throw new UserException(
          PathNames.forUser(segment)
              + " has none of the parts "
              + DUMPED_PARTS
              + ": is it a segment?");
    }
    return DumpFile.write(conf, file, out -> join(conf, segment, present, file, out));
  }

  /** Writes one line per URL of the segment's sorted parts, merged; returns the URL count. */
  private static long join(
      Configuration conf, Path segment, List<String> present, Path file, Writer out)
      throws IOException, UserException {
    FileSystem fs = file.getFileSystem(conf);
    Path sortDir = new Path(file.getParent(), ".sort-" + UUID.randomUUID());
    long urls = 0;
    try (KeyGroups groups = new KeyGroups()) {
      for (String part : present) {
        for (Path sorted : sortedFiles(conf, new Path(segment, part), new Path(sortDir, part))) {
          groups.add(PartCursor.open(conf, part, sorted));
        }
      }
      JsonOutput json = new JsonOutput(out);
      for (KeyGroups.Group group = groups.next(); group != null; group = groups.next()) {
        Map<String, Writable> records = new LinkedHashMap<>();
        for (PartCursor.Record record : group.records()) {
          records.putIfAbsent(record.part(), record.value());
        }
        writeUrl(json, group.key().toString(), present, records);
        json.newLine();
        urls++;
      }
    } finally {
      fs.delete(sortDir, true);
    }
    return urls;
  }

  /**
   * The part's files in key order: MapFile data files as they are (MapFile keeps its keys sorted),
   * the SequenceFiles merged and sorted on disk into one file under {@code tmp}.
   */
  private static List<Path> sortedFiles(Configuration conf, Path partDir, Path tmp)
      throws IOException, UserException {
    List<Path> sorted = new ArrayList<>();
    List<Path> unsorted = new ArrayList<>();
    FileSystem fs = partDir.getFileSystem(conf);
    for (Path file : PartFiles.list(conf, partDir)) {
      boolean mapFile =
          file.getName().equals(MapFile.DATA_FILE_NAME)
              && fs.exists(new Path(file.getParent(), MapFile.INDEX_FILE_NAME));
      (mapFile ? sorted : unsorted).add(file);
    }
    if (!unsorted.isEmpty()) {
      Class<?> valueClass;
      try (SequenceFile.Reader first = PartFiles.open(conf, unsorted.get(0))) {
        valueClass = first.getValueClass();
      }
      Path out = new Path(tmp, "sorted");
      SequenceFile.Sorter sorter =
          new SequenceFile.Sorter(fs, Text.class, valueClass.asSubclass(Writable.class), conf);
      try {
        sorter.sort(unsorted.toArray(new Path[0]), out, false);
      } catch (IOException | RuntimeException e) {
        throw new UserException(
            "cannot sort "
                + PathNames.forUser(partDir)
                + " (truncated or corrupt?): "
                + e.getMessage(),
            e);
      }
      sorted.add(out);
    }
    return sorted;
  }

  /** One dump line: url, then each part the segment has (null when this URL is not in it). */
  static void writeUrl(
      JsonOutput json, String url, List<String> present, Map<String, Writable> records)
      throws IOException {
    json.beginObject();
    json.name("url").value(url);
    for (String part : present) {
      Writable record = records.get(part);
      switch (part) {
        case Segment.CRAWL_GENERATE:
        case Segment.CRAWL_FETCH:
          json.name(part.equals(Segment.CRAWL_GENERATE) ? "generate" : "fetch");
          if (record == null) {
            json.nullValue();
          } else {
            DatumJson.write(json, (CrawlDatum) record);
          }
          break;
        case Segment.CONTENT:
          json.name("content");
          writeContent(json, (Content) record);
          break;
        case Segment.PARSE_DATA:
          json.name("parse");
          writeParse(json, (ParseData) record);
          break;
        case Segment.PARSE_TEXT:
          json.name("textLength");
          if (record == null) {
            json.nullValue();
          } else {
            json.value(((ParseText) record).getText().length());
          }
          break;
        default:
          throw new IllegalArgumentException("not a dumped part: " + part);
      }
    }
    json.endObject();
  }

  private static void writeContent(JsonOutput json, Content content) throws IOException {
    if (content == null) {
      json.nullValue();
      return;
    }
    json.beginObject();
    json.name("contentType").value(content.getContentType());
    json.name("length").value(content.getContent().length);
    json.name("truncated").value(content.isTruncated());
    json.name("headers").beginObject();
    for (Map.Entry<String, String> h : content.getHeaders().entrySet()) {
      json.name(h.getKey()).value(h.getValue());
    }
    json.endObject();
    json.endObject();
  }

  private static void writeParse(JsonOutput json, ParseData parse) throws IOException {
    if (parse == null) {
      json.nullValue();
      return;
    }
    json.beginObject();
    json.name("status").value(ParseData.statusName(parse.getStatus()));
    json.name("title").value(parse.getTitle());
    json.name("outlinks").beginArray();
    for (Outlink link : parse.getOutlinks()) {
      json.beginObject()
          .name("url")
          .value(link.getToUrl())
          .name("anchor")
          .value(link.getAnchor())
          .endObject();
    }
    json.endArray();
    List<String> fields = ParsedPage.fieldNames(parse);
    if (!fields.isEmpty()) { // the parse filters' fields: lang, meta.*, jsonld.*...
      json.name("fields").beginObject();
      for (String name : fields) {
        json.name(name).beginArray();
        for (String value : ParsedPage.values(parse.getMeta().getOrDefault(name, ""))) {
          json.value(value);
        }
        json.endArray();
      }
      json.endObject();
    }
    SiteSignals signals = SiteSignals.readFrom(parse.getMeta());
    if (!signals.values().isEmpty()) { // what the page's owner allows, and where it said so
      json.name("signals").beginObject();
      for (Map.Entry<UsageField, SiteSignals.Value> e : signals.values().entrySet()) {
        json.name(e.getKey().key()).beginObject();
        json.name("value").value(e.getValue().value());
        json.name("from").value(e.getValue().from());
        json.endObject();
      }
      json.endObject();
    }
    json.endObject();
  }
}
