package org.trawler.jobs.index;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.UserException;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.plugin.PluginNames;
import org.trawler.core.plugin.Plugins;

/** The writers {@code indexer.writers} names, made by {@link Plugins}. */
public final class IndexWriters {
  private IndexWriters() {}

  /**
   * New instances of the configured writers, in the order named; an unknown name is a {@link
   * BadSettingException} (exit 2) listing the writers there are.
   */
  public static List<IndexWriter> create(Configuration conf) throws UserException {
    List<IndexWriter> writers = new ArrayList<>();
    PluginNames names = new PluginNames(conf);
    for (String name : conf.getTrimmedStrings(IndexerKeys.WRITERS, IndexerKeys.DEFAULT_WRITERS)) {
      writers.add(Plugins.create(conf, names, IndexerKeys.WRITERS, name, IndexWriter.class));
    }
    if (writers.isEmpty()) {
      throw new UserException(IndexerKeys.WRITERS + " names no index writer");
    }
    return writers;
  }

  /**
   * The configured writers, each checked ({@link IndexWriter#check}) before any task starts: the
   * first problem is a {@link UserException} naming the writer.
   */
  public static List<IndexWriter> check(Configuration conf) throws UserException {
    List<IndexWriter> writers = create(conf);
    for (IndexWriter w : writers) {
      try {
        w.check(conf);
      } catch (BadSettingException e) {
        throw e;
      } catch (IOException | RuntimeException e) {
        throw new UserException("index writer " + w.name() + ": " + e.getMessage(), e);
      }
    }
    return writers;
  }
}
