package org.trawler.jobs.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParseResult;

/**
 * A document that killed a task attempt is skipped by the next attempt of the same task and
 * recorded parse_failed / parser_crashed; everything else is parsed as usual.
 */
public class ParseMarkersTest {
  private static final String DOC = "http://127.0.0.2/files/manual.txt";
  private static final String OTHER = "http://127.0.0.2/files/notes.txt";
  private static final String PAGE = "http://127.0.0.2/index.html";

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static TaskAttemptID attempt(int task, int attempt) {
    return new TaskAttemptID("20261126", 1, TaskType.MAP, task, attempt);
  }

  private static Configuration conf() {
    Configuration conf = new Configuration(false);
    Pages.withoutUrlPlugins(conf);
    return conf;
  }

  private static Content text(String url, String text) {
    Content c = new Content(url, url, text.getBytes(StandardCharsets.UTF_8), "text/plain", false);
    c.getHeaders().put("Content-Type", "text/plain; charset=utf-8");
    return c;
  }

  private static ParseResult parse(SegmentParser parser, Content content) throws Exception {
    List<Object> records = new ArrayList<>();
    return parser.parse(new Text(content.getUrl()), content, 1L, (k, v) -> records.add(v));
  }

  @Test
  public void urlsBegunAndNeverEndedAreTheCrashes() {
    assertEquals(
        Set.of("b"),
        ParseMarkers.unfinished(List.of("+a", "+b", "-a", "+c", "-c", "garbage", "+a", "-a")));
    assertEquals(Set.of(), ParseMarkers.unfinished(List.of()));
  }

  @Test
  public void theNextAttemptSkipsTheDocumentTheDeadOneWasParsing() throws Exception {
    Configuration conf = conf();
    Path output = new Path(tmp.getRoot().getAbsolutePath(), "work");

    // attempt 0 parses OTHER, then dies (is never closed) in the middle of DOC
    ParseMarkers dead = ParseMarkers.open(conf, output, attempt(3, 0));
    assertEquals(Set.of(), dead.crashed());
    SegmentParser first = new SegmentParser(conf, dead);
    assertEquals(ParseData.SUCCESS, parse(first, text(OTHER, "other words")).status());
    dead.begin(DOC);

    ParseMarkers next = ParseMarkers.open(conf, output, attempt(3, 1));
    assertEquals(Set.of(DOC), next.crashed());
    try (SegmentParser parser = new SegmentParser(conf, next)) {
      ParseResult skipped = parse(parser, text(DOC, "the words that killed the task"));
      assertEquals(ParseData.FAILED, skipped.status());
      assertEquals("parser_crashed", skipped.data().getMeta().get(ParseData.META_REASON));
      assertEquals("text/plain", skipped.data().getMeta().get(ParseData.META_TYPE));
      assertEquals("", skipped.text().getText());
      assertEquals(ParseData.SUCCESS, parse(parser, text(OTHER, "other words")).status());
      assertEquals(
          ParseData.SUCCESS,
          parse(parser, Pages.html(PAGE, "<title>home</title><a href='/a'>a</a>")).status());
    }
    java.io.File taskDir =
        new java.io.File(output.toString(), ParseMarkers.DIR + "/" + attempt(3, 0).getTaskID());
    assertEquals(
        "the clean attempt removed its file; the dead one's stays",
        List.of("0"),
        List.of(taskDir.list()));
    assertEquals(
        List.of("+" + OTHER, "-" + OTHER, "+" + DOC),
        Files.readAllLines(new java.io.File(taskDir, "0").toPath()));

    assertEquals(
        "another task's attempt skips nothing",
        Set.of(),
        ParseMarkers.open(conf, output, attempt(4, 1)).crashed());
  }

  @Test
  public void htmlPagesAreNotMarked() throws Exception {
    Configuration conf = conf();
    Path output = new Path(tmp.getRoot().getAbsolutePath(), "work");
    ParseMarkers markers = ParseMarkers.open(conf, output, attempt(0, 0));
    SegmentParser parser = new SegmentParser(conf, markers);
    parse(parser, Pages.html(PAGE, "<title>home</title>"));
    assertFalse(
        new java.io.File(output.toString(), ParseMarkers.DIR + "/" + attempt(0, 0).getTaskID())
            .exists());
    parser.close();
  }

  @Test
  public void withoutAnOutputDirectoryOrAnAttemptNothingIsWritten() throws Exception {
    assertTrue(ParseMarkers.open(conf(), null, attempt(0, 0)) == ParseMarkers.NONE);
    assertTrue(ParseMarkers.open(conf(), new Path("/nonexistent"), null) == ParseMarkers.NONE);
  }
}
