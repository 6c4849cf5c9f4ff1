package org.trawler.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.VersionedDb;

/** Test fixtures for crawldbs: write one by hand, read one back through readdb -dump. */
public final class CrawlDbFiles {
  private CrawlDbFiles() {}

  /** Writes {@code entries} as the installed version of a crawldb at {@code crawlDb}. */
  public static void write(Configuration conf, Path crawlDb, Map<String, CrawlDatum> entries)
      throws IOException {
    SortedMap<Text, CrawlDatum> sorted = new TreeMap<>();
    entries.forEach((url, datum) -> sorted.put(new Text(url), datum));
    org.apache.hadoop.fs.Path part =
        new org.apache.hadoop.fs.Path(
            VersionedDb.current(new org.apache.hadoop.fs.Path(crawlDb.toString())), "part-r-00000");
    try (MapFile.Writer writer =
        new MapFile.Writer(
            conf,
            part,
            MapFile.Writer.keyClass(Text.class),
            MapFile.Writer.valueClass(CrawlDatum.class))) {
      for (Map.Entry<Text, CrawlDatum> e : sorted.entrySet()) {
        writer.append(e.getKey(), e.getValue());
      }
    }
  }

  /** url → JSON object, as `readdb -dump` writes them. */
  public static Map<String, JsonNode> dump(Configuration conf, Path crawlDb, Path outDir)
      throws Exception {
    CommandRun run = CommandRun.run(conf, "readdb", crawlDb.toString(), "-dump", outDir.toString());
    if (run.exitCode != 0) {
      throw new AssertionError("readdb -dump failed: " + run);
    }
    ObjectMapper mapper = new ObjectMapper();
    Map<String, JsonNode> byUrl = new LinkedHashMap<>();
    for (String line : Files.readAllLines(outDir.resolve("dump.jsonl"), StandardCharsets.UTF_8)) {
      JsonNode node = mapper.readTree(line);
      byUrl.put(node.get("url").asText(), node);
    }
    return byUrl;
  }

  /** Every file under {@code dir} with its size and mtime, to show a directory was not touched. */
  public static List<String> snapshot(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .sorted()
          .map(
              p -> {
                try {
                  return dir.relativize(p)
                      + " "
                      + (Files.isDirectory(p)
                          ? "dir"
                          : Files.size(p) + " " + Files.getLastModifiedTime(p));
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              })
          .collect(Collectors.toList());
    }
  }
}
