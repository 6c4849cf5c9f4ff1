package org.trawler.jobs.inject;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.Map;
import org.junit.Test;
import org.trawler.jobs.inject.SeedLine.BadSeedException;
import org.trawler.jobs.inject.SeedLine.Problem;

public class SeedLineTest {

  @Test
  public void blankAndCommentLinesAreNoSeeds() throws Exception {
    assertNull(SeedLine.parse(""));
    assertNull(SeedLine.parse("   \t  "));
    assertNull(SeedLine.parse("# a comment"));
    assertNull(SeedLine.parse("  # indented comment"));
    assertNull(SeedLine.parse("\uFEFF# comment after a byte-order mark"));
  }

  @Test
  public void plainUrlHasNoMetadata() throws Exception {
    SeedLine seed = SeedLine.parse("  http://example.com/  ");
    assertEquals("http://example.com/", seed.url());
    assertNull(seed.score());
    assertNull(seed.fetchInterval());
    assertNull(seed.fixedInterval());
    assertTrue(seed.metadata().isEmpty());
  }

  @Test
  public void byteOrderMarkBeforeTheFirstUrlIsIgnored() throws Exception {
    assertEquals("http://example.com/", SeedLine.parse("\uFEFFhttp://example.com/").url());
  }

  @Test
  public void reservedKeysAreParsedAndFreeKeysKeptAsGiven() throws Exception {
    SeedLine seed =
        SeedLine.parse(
            "http://a.com/\tnutch.score=2.5\tnutch.fetchInterval=86400"
                + "\tnutch.fetchInterval.fixed=3600\tcategory=News\t\tlang= en ");
    assertEquals(2.5f, seed.score(), 0);
    assertEquals(Integer.valueOf(86400), seed.fetchInterval());
    assertEquals(Integer.valueOf(3600), seed.fixedInterval());
    assertEquals(Map.of("category", "News", "lang", "en"), seed.metadata());
  }

  @Test
  public void valueMayContainEqualsSigns() throws Exception {
    assertEquals("a=b", SeedLine.parse("http://a.com/\tq=a=b").metadata().get("q"));
  }

  @Test
  public void nonNumericScoreIsBad() {
    assertProblem("http://a.com/\tnutch.score=abc", Problem.BAD_SCORE, "nutch.score=abc");
    assertProblem("http://a.com/\tnutch.score=-1", Problem.BAD_SCORE, "nutch.score=-1");
    assertProblem("http://a.com/\tnutch.score=NaN", Problem.BAD_SCORE, "NaN");
  }

  @Test
  public void negativeZeroOrFractionalIntervalIsBad() {
    assertProblem(
        "http://a.com/\tnutch.fetchInterval=-5",
        Problem.BAD_FETCH_INTERVAL,
        "nutch.fetchInterval=-5");
    assertProblem("http://a.com/\tnutch.fetchInterval=0", Problem.BAD_FETCH_INTERVAL, "> 0");
    assertProblem("http://a.com/\tnutch.fetchInterval=1.5", Problem.BAD_FETCH_INTERVAL, "1.5");
    assertProblem(
        "http://a.com/\tnutch.fetchInterval.fixed=x", Problem.BAD_FETCH_INTERVAL, "fixed=x");
  }

  @Test
  public void fieldWithoutEqualsSignIsBadMetadata() {
    assertProblem("http://a.com/\tcategory", Problem.BAD_METADATA, "'category' is not key=value");
    assertProblem("http://a.com/\t=value", Problem.BAD_METADATA, "'=value'");
  }

  @Test
  public void controlCharactersAndInvalidUtf8AreBinary() {
    assertProblem("\u0000\u0001\u0002PK", Problem.BINARY_LINE, "binary");
    assertProblem("http://a.com/\uFFFD", Problem.BINARY_LINE, "column 14");
  }

  private static void assertProblem(String line, Problem expected, String messagePart) {
    try {
      SeedLine.parse(line);
      fail("expected " + expected + " for " + line);
    } catch (BadSeedException e) {
      assertEquals(expected, e.problem());
      assertTrue(e.getMessage(), e.getMessage().contains(messagePart));
    }
  }
}
