package org.trawler.simweb.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * bench.json of the benchmarks that measure one list of configurations (docs, parse-filters,
 * render, vs-wget): the benchmark's name, its rows under one key, the peak resident set and the
 * load average when it ended.
 */
final class BenchJson {
  private BenchJson() {}

  /**
   * Writes {@code {"benchmark": name, <fields...>, rowsKey: rows, "peakRssBytes": ...,
   * "loadAverage": ...}} to {@code file}, indented.
   */
  static void write(
      Path file,
      String benchmark,
      Map<String, Object> fields,
      String rowsKey,
      List<Map<String, Object>> rows,
      long peakRssBytes)
      throws IOException {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("benchmark", benchmark);
    root.putAll(fields);
    root.put(rowsKey, rows);
    root.put("peakRssBytes", peakRssBytes);
    root.put("loadAverage", loadAverage());
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
  }

  /** The 1-, 5- and 15-minute load averages as /proc/loadavg has them, or "unknown". */
  static String loadAverage() {
    try {
      String[] f = Files.readString(Paths.get("/proc/loadavg")).split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException e) {
      return "unknown";
    }
  }
}
