package org.trawler.jobs.hostdb;

import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.HostDatum;

/** A host database version for tests: one part file of the hosts given. */
public final class HostDbFiles {
  private HostDbFiles() {}

  /** Writes {@code hosts} (sorted by name) as {@code dir}/part-r-00000; returns {@code dir}. */
  public static Path write(Path dir, Map<String, HostDatum> hosts) throws IOException {
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            new Configuration(),
            SequenceFile.Writer.file(new Path(dir, "part-r-00000")),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(HostDatum.class))) {
      for (String host : new java.util.TreeSet<>(hosts.keySet())) {
        w.append(new Text(host), hosts.get(host));
      }
    }
    return dir;
  }
}
