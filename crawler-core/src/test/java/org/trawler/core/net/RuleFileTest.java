package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class RuleFileTest {
  private static final String KEY = "test.rules.file";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void shippedFileIsFoundOnTheClasspath() {
    RuleFile file = RuleFile.of(RuleFileFixture.confWithShipped(KEY, "prefix-urlfilter.txt"), KEY);
    List<RuleFile.Line> lines = file.lines();
    assertEquals("http://", lines.get(0).text());
    assertEquals("https://", lines.get(1).text());
  }

  @Test
  public void plainFilePathIsRead() throws Exception {
    RuleFile file = RuleFile.of(RuleFileFixture.confWithRules(tmp, KEY, "a"), KEY);
    assertEquals("a", file.lines().get(0).text());
  }

  @Test
  public void commentsAndBlankLinesAreSkippedAndLinesKeepTheirNumbers() throws Exception {
    Configuration conf =
        RuleFileFixture.confWithRules(
            tmp, KEY, "# comment", "", "  first  ", "\t# indented comment", "second");
    List<RuleFile.Line> lines = RuleFile.of(conf, KEY).lines();
    assertEquals(2, lines.size());
    assertEquals(new RuleFile.Line(3, "first"), lines.get(0));
    assertEquals(new RuleFile.Line(5, "second"), lines.get(1));
  }

  @Test
  public void emptyValueMeansNoRules() {
    Configuration conf = new Configuration(false);
    conf.set(KEY, " ");
    RuleFile file = RuleFile.of(conf, KEY);
    assertTrue(file.isUnset());
    assertTrue(file.lines().isEmpty());
  }

  @Test
  public void missingFileNamesKeyAndFile() {
    Configuration conf = new Configuration(false);
    conf.set(KEY, "no-such-rules.txt");
    try {
      RuleFile.of(conf, KEY);
      fail();
    } catch (IllegalArgumentException e) {
      assertEquals(
          KEY + ": rule file no-such-rules.txt is neither on the classpath nor a readable file",
          e.getMessage());
    }
  }

  @Test
  public void errorNamesKeyFileAndLine() {
    RuleFile file = RuleFile.of(RuleFileFixture.confWithShipped(KEY, "prefix-urlfilter.txt"), KEY);
    assertEquals(KEY + ": prefix-urlfilter.txt line 7: bad", file.error(7, "bad").getMessage());
  }
}
