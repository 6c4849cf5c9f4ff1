package org.trawler.core.protocol;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Test;
import org.trawler.core.parse.ParseReason;

public class ReasonTest {
  private static final Path README = Path.of("../docs/commands.md");
  private static final String TABLE_INTRO = "Every fetch ends in a status and a reason";

  @Test
  public void theReadmeReasonTableListsEveryFetchAndParseReasonAndNoOther() throws IOException {
    Set<String> documented = readmeReasons();
    Set<String> reasons = new TreeSet<>();
    for (Reason r : Reason.values()) {
      reasons.add(r.documentedName());
    }
    for (ParseReason r : ParseReason.values()) {
      assertTrue("a parse reason is no fetch reason: " + r, reasons.add(r.reasonName()));
    }
    Set<String> undocumented = new TreeSet<>(reasons);
    undocumented.removeAll(documented);
    Set<String> unknown = new TreeSet<>(documented);
    unknown.removeAll(reasons);
    assertTrue(
        "reasons missing from the reason table in docs/commands.md: " + undocumented,
        undocumented.isEmpty());
    assertTrue(
        "the reason table in docs/commands.md names reasons that do not exist: " + unknown,
        unknown.isEmpty());
  }

  @Test
  public void namesAreLowerSnakeCaseAndHttpIsAFamilyByCode() {
    assertEquals("ok", Reason.OK.nameFor(200));
    assertEquals("robots_denied", Reason.ROBOTS_DENIED.nameFor(0));
    assertEquals("http_404", Reason.HTTP.nameFor(404));
    assertEquals("http_<code>", Reason.HTTP.documentedName());
    assertEquals(
        "0 queue_dropped after 3 failures",
        ProtocolOutput.retry(0, Reason.QUEUE_DROPPED, "after 3 failures", -1).toProtocolStatus());
    assertEquals("503 http_503", ProtocolOutput.retry(503, Reason.HTTP, "", -1).toProtocolStatus());
  }

  /**
   * The backquoted names in the last column of the table that follows the README's reason
   * paragraph.
   */
  private static Set<String> readmeReasons() throws IOException {
    List<String> lines = Files.readAllLines(README);
    int i = 0;
    while (i < lines.size() && !lines.get(i).startsWith(TABLE_INTRO)) {
      i++;
    }
    assertTrue("docs/commands.md has the paragraph \"" + TABLE_INTRO + "...\"", i < lines.size());
    while (i < lines.size() && !lines.get(i).startsWith("|")) {
      i++;
    }
    Set<String> names = new TreeSet<>();
    Pattern quoted = Pattern.compile("`([^`]+)`");
    for (i += 2;
        i < lines.size() && lines.get(i).startsWith("|");
        i++) { // past the header and the |---|
      String[] cells = lines.get(i).split("\\|");
      Matcher m = quoted.matcher(cells[cells.length - 1]);
      while (m.find()) {
        names.add(m.group(1));
      }
    }
    assertTrue("the table has rows", names.size() > 10);
    return names;
  }
}
