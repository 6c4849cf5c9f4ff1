package org.trawler.jobs.index;

import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.trawler.core.plugin.Plugin;
import org.trawler.core.plugin.PluginCatalog;

/**
 * Where the index job's documents go: one instance per reduce task, chosen by name through {@code
 * indexer.writers} (several at once are allowed), made by {@link org.trawler.core.plugin.Plugins};
 * a module names its writers in its {@link PluginCatalog}, so a writer in another module (Solr) is
 * added by putting its jar on the classpath. The life of a writer in a task: {@link #open}, any
 * number of {@link #add} and {@link #delete}, {@link #commit} (unless the job runs with -noCommit),
 * {@link #close}.
 */
public interface IndexWriter extends Plugin, Closeable {

  /** The name {@code indexer.writers} uses for this writer, e.g. {@code lucene} or {@code solr}. */
  String name();

  /**
   * Called by the job's driver before any task starts: throws an {@link IOException} whose message
   * is one line naming what is wrong (a server that does not answer, a missing setting).
   */
  default void check(Configuration conf) throws IOException {}

  /** Opens the writer for one reduce task of the index job. */
  void open(Configuration conf, TaskAttemptContext context) throws IOException;

  /** Adds a document, replacing any document with the same id. */
  void add(IndexDocument doc) throws IOException;

  /** Deletes the document with this id, if there is one. */
  void delete(String id) throws IOException;

  /** Makes what was added and deleted so far durable and visible. */
  void commit() throws IOException;

  /** Releases what the writer holds; what was not committed may be lost. */
  @Override
  void close() throws IOException;
}
