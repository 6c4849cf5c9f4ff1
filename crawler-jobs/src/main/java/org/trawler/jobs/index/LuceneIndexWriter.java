package org.trawler.jobs.index;

import java.io.IOException;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.FSDirectory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.conf.Settings;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.luceneinternals.UncompressedStoredFieldsCodec;

/**
 * The embedded index: each reduce task keeps one Lucene shard, {@code part-r-NNNNN}. The task
 * starts from the same shard of the installed index version (the job partitions by URL with the
 * same number of reducers, so a URL's document is always in the same shard), copied to the task's
 * local disk; it replaces and deletes documents there, commits, and copies the shard into its
 * attempt's work directory on the job's file system, from where the job's committer moves it into
 * the new version. When the job's file system is the local one, the shard is written in the work
 * directory itself: nothing to copy. The index job installs that version like a crawldb's.
 */
public class LuceneIndexWriter implements IndexWriter {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneIndexWriter.class);

  public static final String NAME = "lucene";

  private LuceneSchema schema;
  private FileSystem fs;
  private FileSystem localFs;
  private Path shardOut;
  private Path local;
  private boolean inWorkDirectory;
  private boolean fresh;
  private FSDirectory directory;
  private org.apache.lucene.index.IndexWriter writer;
  private boolean changedSinceCommit;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void check(Configuration conf) throws IOException {
    LuceneSchema.analyzer(conf);
    codec(conf);
  }

  /**
   * The codec of indexer.lucene.stored.compression: none, lz4 or deflate; any other value is an
   * IOException naming the key.
   */
  static Codec codec(Configuration conf) throws IOException {
    String name =
        conf.getTrimmed(
            IndexerKeys.LUCENE_STORED_COMPRESSION, IndexerKeys.DEFAULT_LUCENE_STORED_COMPRESSION);
    return switch (name) {
      case "none" -> new UncompressedStoredFieldsCodec();
      case "lz4" -> new Lucene912Codec(Lucene912Codec.Mode.BEST_SPEED);
      case "deflate" -> new Lucene912Codec(Lucene912Codec.Mode.BEST_COMPRESSION);
      default ->
          throw new IOException(
              IndexerKeys.LUCENE_STORED_COMPRESSION
                  + ": '"
                  + name
                  + "' is not one of none, lz4, deflate");
    };
  }

  /** A shard's directory name: the name of the reduce task's part. */
  public static String shardName(int task) {
    return String.format("part-r-%05d", task);
  }

  @Override
  public void open(Configuration conf, TaskAttemptContext context) throws IOException {
    Path out = FileOutputFormat.getOutputPath(context);
    if (out == null) {
      throw new IOException(
          "the lucene index writer runs in the index job (it has no output path)");
    }
    schema = LuceneSchema.fromConf(conf);
    fs = out.getFileSystem(conf);
    String shard = shardName(context.getTaskAttemptID().getTaskID().getId());
    shardOut = new Path(new FileOutputCommitter(out, context).getWorkPath(), shard);
    inWorkDirectory = fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem;
    local =
        inWorkDirectory
            ? new Path(fs.makeQualified(shardOut).toUri().getPath())
            : new LocalDirAllocator(MRConfig.LOCAL_DIR)
                .getLocalPathForWrite(
                    "trawler-index/" + context.getTaskAttemptID() + "/" + shard, conf);
    localFs = FileSystem.getLocal(conf).getRaw();
    localFs.delete(local, true);
    localFs.mkdirs(local.getParent());
    Path installed = VersionedDb.readable(fs, out.getParent());
    Path previous = installed == null ? null : new Path(installed, shard);
    fresh = previous == null || !fs.exists(previous);
    if (!fresh) {
      fs.copyToLocalFile(false, previous, local, true);
      LOG.debug("shard {}: starting from {}", shard, previous);
    } else {
      localFs.mkdirs(local);
    }
    IndexWriterConfig config = new IndexWriterConfig(LuceneSchema.analyzer(conf));
    config.setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
    config.setRAMBufferSizeMB(
        Settings.getInt(
            conf, IndexerKeys.LUCENE_RAM_BUFFER_MB, IndexerKeys.DEFAULT_LUCENE_RAM_BUFFER_MB));
    config.setCommitOnClose(false);
    config.setUseCompoundFile(false);
    config.setCodec(codec(conf));
    directory = FSDirectory.open(Paths.get(local.toUri().getPath()));
    writer = new org.apache.lucene.index.IndexWriter(directory, config);
    // a new shard has a first, empty commit: what -noCommit leaves and search can open
    writer.commit();
  }

  @Override
  public void add(IndexDocument doc) throws IOException {
    if (fresh) {
      // a task sees each URL once: a new shard has no document to replace
      writer.addDocument(schema.toLucene(doc));
    } else {
      writer.updateDocument(new Term(IndexDocument.ID, doc.id()), schema.toLucene(doc));
    }
    changedSinceCommit = true;
  }

  @Override
  public void delete(String id) throws IOException {
    writer.deleteDocuments(new Term(IndexDocument.ID, id));
    changedSinceCommit = true;
  }

  @Override
  public void commit() throws IOException {
    writer.commit();
    changedSinceCommit = false;
  }

  /**
   * Drops what was not committed, then copies the shard (its last commit) to the job's file system
   * unless it is written there already.
   */
  @Override
  public void close() throws IOException {
    if (writer == null) {
      return;
    }
    try {
      if (changedSinceCommit) {
        LOG.info("dropping the uncommitted changes of {}", shardOut.getName());
      }
      writer.rollback();
      directory.close();
      if (!inWorkDirectory) {
        fs.copyFromLocalFile(false, true, local, shardOut);
      }
    } finally {
      writer = null;
      if (!inWorkDirectory) {
        localFs.delete(local, true);
      }
    }
  }
}
