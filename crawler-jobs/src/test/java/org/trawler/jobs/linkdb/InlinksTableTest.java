package org.trawler.jobs.linkdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

public class InlinksTableTest {

  /** What the table writes, as "target <- inlinks" lines. */
  private static List<String> written(InlinksTable table) throws Exception {
    List<String> lines = new ArrayList<>();
    table.writeTo((target, inlinks) -> lines.add(target + " <- " + inlinks.getInlinks()));
    return lines;
  }

  @Test
  public void aTargetsInlinksAreWrittenOnceMergedAndInUrlOrder() throws Exception {
    InlinksTable table = new InlinksTable(100, -1);
    table.add("http://u/", "http://b/", "to u");
    table.add("http://t/", "http://b/", "to t");
    table.add("http://u/", "http://a/", "to u");
    table.add("http://u/", "http://b/", "to u");
    assertEquals(
        List.of(
            "http://t/ <- [http://b/ [to t]]", "http://u/ <- [http://a/ [to u], http://b/ [to u]]"),
        written(table));
  }

  @Test
  public void theCapKeepsTheFirstLinkingPagesAsTheLinkdbDoes() throws Exception {
    InlinksTable table = new InlinksTable(100, 2);
    for (String from : new String[] {"http://d/", "http://b/", "http://c/", "http://a/"}) {
      table.add("http://t/", from, "x");
    }
    assertEquals(List.of("http://t/ <- [http://a/ [x], http://b/ [x]]"), written(table));
  }

  @Test
  public void theTableIsFullAtItsSizeAndEmptyAfterBeingWritten() throws Exception {
    InlinksTable table = new InlinksTable(2, -1);
    assertFalse(table.add("http://t/", "http://a/", "a"));
    assertTrue(table.add("http://t/", "http://b/", "b"));
    assertEquals(1, written(table).size());
    assertEquals(List.of(), written(table));
    assertFalse(table.add("http://t/", "http://c/", "c"));
    assertEquals(List.of("http://t/ <- [http://c/ [c]]"), written(table));
  }

  @Test(expected = IllegalArgumentException.class)
  public void aTableMustHoldAtLeastOneInlink() {
    new InlinksTable(0, -1);
  }
}
