package org.trawler.jobs;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.core.UserException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.store.PartFiles;

/**
 * Inputs and outputs of local-mode job tests: a configuration, hand-written MapFiles, records read
 * back.
 */
public final class LocalJobFixtures {

  private LocalJobFixtures() {}

  /** The crawler's configuration in local mode, with no URL normalizers or filters. */
  public static Configuration localConf() {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("urlnormalizer.order", "");
    conf.set("urlfilter.order", "");
    return conf;
  }

  /**
   * Writes {@code records} (sorted by URL, as a MapFile needs) as the MapFile {@code
   * dir/part-r-00000}.
   */
  public static <V extends Writable> void writeMapFile(
      Configuration conf, Path dir, Class<V> valueClass, SortedMap<String, ? extends V> records)
      throws IOException {
    try (MapFile.Writer w =
        new MapFile.Writer(
            conf,
            new Path(dir, "part-r-00000"),
            MapFile.Writer.keyClass(Text.class),
            MapFile.Writer.valueClass(valueClass))) {
      for (Map.Entry<String, ? extends V> e : records.entrySet()) {
        w.append(new Text(e.getKey()), e.getValue());
      }
    }
  }

  /** Every record under an output directory, by key, values copied out with {@code copy}. */
  public static <V extends Writable, T> Map<String, T> readAll(
      Configuration conf, Path dir, V value, java.util.function.Function<V, T> copy)
      throws IOException, UserException {
    Map<String, T> records = new LinkedHashMap<>();
    PartFiles.read(
        conf, dir, new Text(), value, (k, v) -> records.put(k.toString(), copy.apply(v)));
    return records;
  }
}
