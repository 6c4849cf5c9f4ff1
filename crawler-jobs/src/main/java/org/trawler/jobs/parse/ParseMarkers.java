package org.trawler.jobs.parse;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a task is parsing, written down so that a document that kills its task attempt (out of
 * memory, a native crash in a parser) is not parsed again by the next attempt: before a document is
 * parsed its URL goes to {@code <output>/_parsing/<task>/<attempt>} as {@code +url}, and {@code
 * -url} after. An attempt starts by reading the files of the earlier attempts of its task: a URL
 * begun and never ended there is skipped, recorded parse_failed / parser_crashed. A clean attempt
 * removes its file; the job's output directory goes when the job ends. Thread-safe (the fetcher's
 * threads parse at once).
 */
public final class ParseMarkers implements Closeable {
  /** The directory under the job's output that holds the markers, hidden from input listings. */
  public static final String DIR = "_parsing";

  /** Markers that write nothing and skip nothing: where a task has no output directory. */
  public static final ParseMarkers NONE = new ParseMarkers(null, null, Set.of());

  private static final Logger LOG = LoggerFactory.getLogger(ParseMarkers.class);
  private static final String BEGIN = "+";
  private static final String END = "-";

  private final FileSystem fs;
  private final Path file;
  private final Set<String> crashed;
  private FSDataOutputStream out;

  private ParseMarkers(FileSystem fs, Path file, Set<String> crashed) {
    this.fs = fs;
    this.file = file;
    this.crashed = crashed;
  }

  /** The markers of {@code context}'s attempt, with the crashes of its task's earlier attempts. */
  public static ParseMarkers open(TaskAttemptContext context) throws IOException {
    return open(
        context.getConfiguration(),
        FileOutputFormat.getOutputPath(context),
        context.getTaskAttemptID());
  }

  /** The markers of {@code attempt} under the job output {@code output} (none without either). */
  static ParseMarkers open(Configuration conf, Path output, TaskAttemptID attempt)
      throws IOException {
    if (output == null || attempt == null) {
      return NONE;
    }
    Path dir = new Path(new Path(output, DIR), attempt.getTaskID().toString());
    FileSystem fs = dir.getFileSystem(conf);
    if (fs instanceof ChecksumFileSystem checksummed) {
      fs = checksummed.getRawFileSystem(); // whose hflush reaches the file, for the local runner
    }
    String own = String.valueOf(attempt.getId());
    List<String> earlier = new ArrayList<>();
    if (fs.exists(dir)) {
      for (FileStatus st : fs.listStatus(dir)) {
        if (!st.getPath().getName().equals(own)) {
          earlier.addAll(lines(fs, st.getPath()));
        }
      }
    }
    Set<String> crashed = unfinished(earlier);
    for (String url : crashed) {
      LOG.warn("{} skips {}: an earlier attempt died parsing it", attempt, url);
    }
    return new ParseMarkers(fs, new Path(dir, own), crashed);
  }

  /** The URLs begun and not ended in the marker lines of earlier attempts. */
  static Set<String> unfinished(List<String> lines) {
    Set<String> begun = new LinkedHashSet<>();
    Set<String> ended = new HashSet<>();
    for (String line : lines) {
      if (line.startsWith(BEGIN)) {
        begun.add(line.substring(BEGIN.length()));
      } else if (line.startsWith(END)) {
        ended.add(line.substring(END.length()));
      }
    }
    begun.removeAll(ended);
    return begun;
  }

  /** Whether an earlier attempt of this task died while parsing {@code url}. */
  public boolean crashedBefore(String url) {
    return crashed.contains(url);
  }

  /** The URLs earlier attempts died parsing. */
  public Set<String> crashed() {
    return crashed;
  }

  /** Notes, durably, that {@code url} is being parsed now. */
  public void begin(String url) throws IOException {
    write(BEGIN + url);
  }

  /** Notes that the parse of {@code url} has ended. */
  public void end(String url) throws IOException {
    write(END + url);
  }

  private synchronized void write(String line) throws IOException {
    if (file == null) {
      return;
    }
    if (out == null) {
      out = fs.create(file, true);
    }
    out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    out.hflush(); // must outlive a JVM killed in the parse that follows
  }

  private static List<String> lines(FileSystem fs, Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        lines.add(line);
      }
    }
    return lines;
  }

  /** Ends a clean attempt: its file goes, as nothing it began is left unfinished. */
  @Override
  public synchronized void close() throws IOException {
    if (out != null) {
      out.close();
      out = null;
      fs.delete(file, false);
    }
  }
}
