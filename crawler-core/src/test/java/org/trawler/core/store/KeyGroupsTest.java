package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.fail;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.UserException;

public class KeyGroupsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final Configuration conf = new Configuration();

  private Path part(String name, String... keysAndValues) throws IOException {
    Path file = new Path(new File(tmp.getRoot(), name).toURI());
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(file),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(Text.class))) {
      for (int i = 0; i < keysAndValues.length; i += 2) {
        w.append(new Text(keysAndValues[i]), new Text(keysAndValues[i + 1]));
      }
    }
    return file;
  }

  @Test
  public void eachKeyComesOnceWithTheRecordsOfEveryPartInKeyOrder()
      throws IOException, UserException {
    List<String> seen = new ArrayList<>();
    try (KeyGroups groups = new KeyGroups()) {
      groups.add(PartCursor.open(conf, "a", part("a", "x", "a1", "z", "a2")));
      groups.add(PartCursor.open(conf, "b", part("b", "x", "b1", "y", "b2")));
      groups.add(PartCursor.open(conf, "c", part("c")));
      for (KeyGroups.Group g = groups.next(); g != null; g = groups.next()) {
        List<String> values = new ArrayList<>();
        for (PartCursor.Record r : g.records()) {
          values.add(r.part() + "=" + r.value());
        }
        values.sort(null);
        seen.add(g.key() + ":" + values);
      }
    }
    assertEquals(List.of("x:[a=a1, b=b1]", "y:[b=b2]", "z:[a=a2]"), seen);
  }

  @Test
  public void aDumpThatFailsLeavesNoFile() throws IOException {
    Path file = new Path(new File(tmp.getRoot(), "dump/part.jsonl").toURI());
    try {
      DumpFile.write(
          conf,
          file,
          out -> {
            out.write("{\"half\":");
            throw new IOException("disk full");
          });
      fail();
    } catch (IOException | UserException expected) {
      assertFalse(new File(tmp.getRoot(), "dump/part.jsonl").exists());
    }
  }

  @Test
  public void aDumpWritesWhatItsBodyCounts() throws IOException, UserException {
    Path file = new Path(new File(tmp.getRoot(), "dump/part.jsonl").toURI());
    assertEquals(
        2L,
        DumpFile.write(
            conf,
            file,
            out -> {
              out.write("1\n2\n");
              return 2;
            }));
    assertEquals(4, new File(tmp.getRoot(), "dump/part.jsonl").length());
  }
}
