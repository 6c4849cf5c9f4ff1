package org.trawler.jobs.linkdb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;
import org.trawler.core.store.PartFiles;

/** A linkdb as a reader sees it: every part read, each URL's values merged as the index does. */
public final class LinkDbContents {
  private LinkDbContents() {}

  /** url → its inlinks, in URL order; empty when there is no linkdb. */
  public static Map<String, List<Outlink>> read(Configuration conf, Path linkDb)
      throws IOException, UserException {
    Map<String, List<Inlinks>> values = new TreeMap<>();
    for (Path file : LinkDb.parts(conf, linkDb)) {
      try (SequenceFile.Reader r = PartFiles.open(conf, file)) {
        Text url = new Text();
        Inlinks value = new Inlinks();
        while (r.next(url, value)) {
          Inlinks copy = new Inlinks();
          value.getInlinks().forEach(o -> copy.add(o.getToUrl(), o.getAnchor()));
          values.computeIfAbsent(url.toString(), u -> new ArrayList<>()).add(copy);
        }
      }
    }
    Map<String, List<Outlink>> merged = new TreeMap<>();
    int max = LinkDb.maxInlinks(conf);
    values.forEach(
        (url, list) -> merged.put(url, List.copyOf(InlinksMerge.merge(list, max).getInlinks())));
    return merged;
  }
}
