package org.trawler.jobs.politeness;

import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When each host's delay after its last request ends, handed from a task that asked it (a fetch
 * task, a sitemap task) to the next one, instead of the task waiting the delays out before it ends:
 * the next round's fetch starts each such host's queue at that time, and the steps between rounds
 * run meanwhile. Kept in the directory {@value #DIR} beside the robots db ({@code <crawl>/quiet/}),
 * one small file per task that ended with hosts still in their delay, a line {@code queue-id TAB
 * ms-epoch} per host, written whole (a scratch file renamed). A task reads them all when it starts;
 * a file whose times have all passed is deleted by the reader that finds it. Queue ids are the
 * fetcher's (fetcher.queue.mode): host, domain or IP.
 */
public final class QuietHandOver {
  private static final Logger LOG = LoggerFactory.getLogger(QuietHandOver.class);

  /** The directory beside the robots db. */
  public static final String DIR = "quiet";

  private final Configuration conf;
  private final Path dir;

  private QuietHandOver(Configuration conf, Path dir) {
    this.conf = conf;
    this.dir = dir;
  }

  /**
   * The hand-over beside {@code robotsDb}; null without a robots db (a segment outside a crawl
   * directory): its tasks wait their hosts' delays out.
   */
  public static QuietHandOver besideRobotsDb(Configuration conf, Path robotsDb) {
    if (robotsDb == null || robotsDb.getParent() == null) {
      return null;
    }
    return new QuietHandOver(conf, new Path(robotsDb.getParent(), DIR));
  }

  public Path dir() {
    return dir;
  }

  /**
   * The hosts still in their delay at {@code now}: queue id → when it ends, ms epoch (the latest of
   * several files). Files whose times have all passed are deleted; a file that cannot be read costs
   * only a warning (its hosts start at once, as before a hand-over existed).
   */
  public Map<String, Long> read(long now) {
    Map<String, Long> quiet = new HashMap<>();
    try {
      FileSystem fs = dir.getFileSystem(conf);
      if (!fs.exists(dir)) {
        return quiet;
      }
      for (FileStatus st : fs.listStatus(dir)) {
        if (st.isFile() && !st.getPath().getName().startsWith(".")) {
          readFile(fs, st.getPath(), now, quiet);
        }
      }
    } catch (IOException e) {
      LOG.warn("{}: the hosts' delays from earlier tasks not read: {}", dir, e.getMessage());
    }
    return quiet;
  }

  private static void readFile(FileSystem fs, Path file, long now, Map<String, Long> quiet) {
    long latest = Long.MIN_VALUE;
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        int tab = line.indexOf('\t');
        long at;
        try {
          at = tab < 0 ? Long.MIN_VALUE : Long.parseLong(line.substring(tab + 1).trim());
        } catch (NumberFormatException e) {
          at = Long.MIN_VALUE;
        }
        if (at == Long.MIN_VALUE) {
          LOG.warn("{}: line not understood, skipped: {}", file, line);
          continue;
        }
        latest = Math.max(latest, at);
        if (at > now) {
          quiet.merge(line.substring(0, tab), at, Math::max);
        }
      }
    } catch (FileNotFoundException e) {
      return; // another task deleted it meanwhile: its times had passed
    } catch (IOException e) {
      LOG.warn("{}: not read: {}", file, e.getMessage());
      return;
    }
    if (latest <= now) {
      try {
        fs.delete(file, false);
      } catch (IOException e) {
        LOG.debug("{}: not deleted: {}", file, e.getMessage());
      }
    }
  }

  /**
   * {@link #write}s, and when that fails warns and returns false: the caller then waits the delays
   * out, as without a hand-over.
   */
  public boolean tryWrite(String name, Map<String, Long> quiet, long now) {
    try {
      write(name, quiet, now);
      return true;
    } catch (IOException e) {
      LOG.warn(
          "{}: the hosts' last delays not handed over to the next task ({}): waiting them out",
          dir,
          e.getMessage());
      return false;
    }
  }

  /**
   * Writes the times of {@code quiet} (queue id → end of its delay, ms epoch) that are after {@code
   * now} as the file {@code name}, for the next task; nothing when none is.
   */
  public void write(String name, Map<String, Long> quiet, long now) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (Map.Entry<String, Long> e : quiet.entrySet()) {
      if (e.getValue() > now) {
        lines.append(e.getKey()).append('\t').append(e.getValue()).append('\n');
      }
    }
    if (lines.length() == 0) {
      return;
    }
    FileSystem fs = dir.getFileSystem(conf);
    fs.mkdirs(dir);
    Path file = new Path(dir, name);
    Path scratch = new Path(dir, "." + name + ".tmp");
    try (FSDataOutputStream out = fs.create(scratch, true);
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
      w.write(lines.toString());
    }
    if (!fs.rename(scratch, file)) {
      fs.delete(scratch, false);
      throw new IOException("cannot rename " + scratch + " to " + file);
    }
  }
}
