package org.trawler.simweb.cluster;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.util.ToolRunner;
import org.junit.BeforeClass;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.jobs.parse.ParseMarkers;
import org.trawler.jobs.parse.ParseSegment;
import org.trawler.parse.tika.DocumentFixtures;

/**
 * A document that kills its task attempt is skipped by the next attempt: the parse job runs on YARN
 * through the job jar over a segment holding pages, a small PDF and a PDF of many thousand pages;
 * while the first attempt's marker names the long PDF, the test kills that attempt's JVM
 * (YarnChild, SIGKILL), as an out-of-memory error or a native crash would. The job succeeds, the
 * long PDF is parse_failed / parser_crashed and every other page is parsed.
 */
public class ParseCrashIT {
  private static final long WAIT_MS = 300_000;
  private static final String SITE = "http://127.0.0.2/";
  private static final String LONG_PDF = SITE + "files/endless.pdf";

  private static MiniCrawlCluster cluster;
  private static FileSystem fs;
  private static Path segment;
  private static int exitCode;
  private static String killed;
  private static ParseSegment parse;

  @BeforeClass
  public static void parseKillingTheFirstAttemptInTheLongPdf() throws Exception {
    assertTrue("needs Linux /proc to find the task's JVM", new File("/proc/self/cmdline").exists());
    cluster = MiniCrawlCluster.shared();
    fs = cluster.fileSystem();
    Configuration conf = cluster.crawlerConf();
    conf.setInt(ParseKeys.TIMEOUT, 600); // the long PDF is killed in its parse, not abandoned
    conf.setInt(ParseKeys.TIMEOUT_WALL, 600);
    conf.setInt(ParseKeys.TEXT_MAX_CHARS, Integer.MAX_VALUE);
    segment = cluster.hdfsPath("/parse-crash-it/crawl/segments/20261126000000");
    writeContent(conf, new Path(segment, Segment.CONTENT));

    parse = new ParseSegment();
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<Integer> exit =
          runner.submit(
              () ->
                  ToolRunner.run(
                      new Configuration(conf), parse, new String[] {segment.toString()}));
      long deadline = System.currentTimeMillis() + WAIT_MS;
      while (!parsing(LONG_PDF)) {
        assertTrue("the job ended before the long PDF's parse began", !exit.isDone());
        assertTrue("no marker in " + WAIT_MS + " ms", System.currentTimeMillis() < deadline);
        Thread.sleep(20);
      }
      Optional<ProcessHandle> child = Optional.empty();
      while (child.isEmpty() && System.currentTimeMillis() < deadline) {
        child = firstMapAttempt();
      }
      assertTrue("a map YarnChild running", child.isPresent());
      killed = child.get().info().commandLine().orElse("");
      assertTrue("killed", child.get().destroyForcibly());
      exitCode = exit.get(WAIT_MS, TimeUnit.MILLISECONDS);
    } finally {
      runner.shutdownNow();
    }
  }

  private static List<String> urls() {
    return List.of(
        SITE,
        SITE + "a.html",
        SITE + "files/endless.pdf",
        SITE + "files/manual.pdf",
        SITE + "z.html");
  }

  private static void writeContent(Configuration conf, Path content) throws IOException {
    try (MapFile.Writer w =
        new MapFile.Writer(
            conf,
            new Path(content, "part-r-00000"),
            MapFile.Writer.keyClass(Text.class),
            MapFile.Writer.valueClass(Content.class))) {
      for (String url : urls()) {
        byte[] bytes;
        String type;
        if (url.endsWith(".pdf")) {
          boolean endless = url.equals(LONG_PDF);
          bytes =
              DocumentFixtures.pdf(
                  new DocumentFixtures.Doc(
                      endless ? "Endless" : "Manual",
                      "Ada Keeper",
                      List.of("Every page of the manual tells of lantern oil and wicks."),
                      List.of()),
                  endless ? 20_000 : 1);
          type = "application/pdf";
        } else {
          bytes =
              ("<title>" + url + "</title><p>lantern page</p>").getBytes(StandardCharsets.UTF_8);
          type = "text/html";
        }
        Content c = new Content(url, url, bytes, type, false);
        c.getHeaders().put("Content-Type", type);
        w.append(new Text(url), c);
      }
    }
  }

  /** Whether a first attempt's marker file ends with {@code +url}: the attempt is parsing it. */
  private static boolean parsing(String url) {
    try {
      RemoteIterator<LocatedFileStatus> files = fs.listFiles(segment, true);
      while (files.hasNext()) {
        Path p = files.next().getPath();
        if (p.toString().contains("/" + ParseMarkers.DIR + "/") && p.getName().equals("0")) {
          String last = null;
          try (BufferedReader r =
              new BufferedReader(new InputStreamReader(fs.open(p), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
              last = line;
            }
          }
          if (("+" + url).equals(last)) {
            return true;
          }
        }
      }
    } catch (IOException e) {
      // a file went away while listed: ask again
    }
    return false;
  }

  /** A first map attempt of this JVM's cluster (its containers are this JVM's descendants). */
  private static Optional<ProcessHandle> firstMapAttempt() {
    return ProcessHandle.current()
        .descendants()
        .filter(
            p -> {
              String line = p.info().commandLine().orElse("");
              return line.contains("org.apache.hadoop.mapred.YarnChild")
                  && line.matches("(?s).*attempt_\\S+_m_\\S+_0( .*|$)");
            })
        .findFirst();
  }

  @Test
  public void theJobSucceedsWithTheKilledAttemptRetriedOnce() {
    assertEquals("parse exit code", 0, exitCode);
    assertTrue(killed, killed.contains("_m_"));
    Map<String, Long> results = parse.results();
    String group = JobCounter.class.getName() + "/";
    assertEquals(2L, (long) results.getOrDefault(group + "TOTAL_LAUNCHED_MAPS", 0L));
    assertEquals(1L, (long) results.getOrDefault(group + "NUM_FAILED_MAPS", 0L));
  }

  @Test
  public void theDocumentTheDeadAttemptWasParsingIsParserCrashedAndTheRestIsParsed()
      throws Exception {
    Map<String, String> outcomes = new TreeMap<>();
    PartFiles.read(
        cluster.crawlerConf(),
        new Path(segment, Segment.PARSE_DATA),
        new Text(),
        new ParseData(),
        (url, data) ->
            outcomes.put(
                url.toString(),
                ParseData.statusName(data.getStatus())
                    + " "
                    + data.getMeta().get(ParseData.META_REASON)));
    Map<String, String> expected = new TreeMap<>();
    for (String url : urls()) {
      expected.put(url, url.equals(LONG_PDF) ? "parse_failed parser_crashed" : "success null");
    }
    assertEquals(expected, outcomes);
  }
}
