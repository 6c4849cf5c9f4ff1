package org.trawler.jobs.fetch;

import java.io.IOException;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CounterSink;
import org.trawler.jobs.hostdb.HostKnowledge;
import org.trawler.jobs.hostdb.HostKnowledgeReader;
import org.trawler.jobs.parse.LinkCombiningWriter;
import org.trawler.jobs.parse.ParseMarkers;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.jobs.politeness.QuietHandOver;
import org.trawler.jobs.politeness.RobotsDb;
import org.trawler.jobs.warc.WarcArchive;

/**
 * Fetches one fetch list. It overrides run(): the list is read by a feeder thread into politeness
 * queues and fetched by many threads (see {@link FetchTask}); each outcome is emitted as (url,
 * SegmentRecord of the fetch datum / content) to the job's output format, which sorts them within
 * the task for the MapFiles (the job has no reduce).
 */
public class FetcherMapper extends Mapper<Text, CrawlDatum, Text, SegmentRecord> {

  private final LongSupplier clock = System::currentTimeMillis;
  private FetcherSettings settings;

  @Override
  protected void setup(Context context) {
    settings = FetcherSettings.from(context.getConfiguration(), clock.getAsLong());
  }

  @Override
  public void run(Context context) throws IOException, InterruptedException {
    setup(context);
    Configuration conf = context.getConfiguration();
    // the task's one read of the hostdb: the in-task parsers and the prober share it
    HostKnowledge known = HostKnowledgeReader.read(conf, System.currentTimeMillis());
    FetchParseHook parseHook = parseHook(context, known);
    WarcArchive warc = warcArchive(context);
    // the in-task parse's linked datums combined before the task's collector counts each link
    RecordWriter<Text, SegmentRecord> records = LinkCombiningWriter.inFrontOf(context);
    FetchRecorder recorder =
        new FetchRecorder(output(context, records), settings.storeContent, parseHook, warc);
    Soft404Prober prober = Soft404Prober.from(conf, known);
    try (Protocol protocol = FetcherSettings.newProtocol(conf);
        RobotsDb.Reader robotsDb = new RobotsDb.Reader(conf, robotsDb(conf))) {
      new FetchTask(
              "fetch " + listName(context.getInputSplit()),
              settings,
              protocol,
              robotsDb::get,
              recorder,
              prober,
              (url, datum) -> next(context, url, datum),
              context,
              clock)
          .pacedBy(known::paceMillis)
          .backedOffBy(known::backoffUntil)
          .handingOver(QuietHandOver.besideRobotsDb(conf, robotsDb(conf)))
          .run();
    } finally {
      if (parseHook != null) {
        parseHook.close();
      }
      if (prober != null) {
        prober.close();
      }
    }
    if (recorder.failure() != null) {
      if (warc != null) {
        warc.abort();
      }
      throw recorder.failure();
    }
    records.close(context); // the recorder is closed: no fetcher thread writes any more
    if (warc != null) {
      warc.close();
    }
    cleanup(context);
  }

  /** The robots db the fetch command found for the segment, or null. */
  private static Path robotsDb(Configuration conf) {
    String db = conf.getTrimmed(PolitenessKeys.ROBOTS_DB, PolitenessKeys.DEFAULT_ROBOTS_DB);
    return db.isEmpty() ? null : new Path(db);
  }

  /** The parser successful fetches are handed to in this task (fetcher.parse=true), or null. */
  protected FetchParseHook parseHook(Context context, HostKnowledge known) throws IOException {
    Configuration conf = context.getConfiguration();
    return conf.getBoolean(FetcherKeys.PARSE, FetcherKeys.DEFAULT_PARSE)
        ? new InTaskParser(conf, ParseMarkers.open(context), CounterSink.of(context), known)
        : null;
  }

  /** The task's WARC files in the segment's warc/ (fetcher.store.warc), or null. */
  private static WarcArchive warcArchive(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    if (!conf.getBoolean(FetcherKeys.STORE_WARC, FetcherKeys.DEFAULT_STORE_WARC)) {
      return null;
    }
    return WarcArchive.open(
        conf,
        new Path(FileOutputFormat.getWorkOutputPath(context), Segment.WARC),
        context.getTaskAttemptID().getTaskID().getId(),
        CounterSink.of(context));
  }

  private static boolean next(Context context, Text url, CrawlDatum datum)
      throws IOException, InterruptedException {
    if (!context.nextKeyValue()) {
      return false;
    }
    url.set(context.getCurrentKey());
    datum.set(context.getCurrentValue());
    return true;
  }

  private static SegmentOutput output(Context context, RecordWriter<Text, SegmentRecord> records) {
    return new SegmentOutput() {
      @Override
      public void write(Text key, Writable record) throws IOException, InterruptedException {
        records.write(key, new SegmentRecord(record));
      }

      @Override
      public void count(String group, String name, long amount) {
        context.getCounter(group, name).increment(amount);
      }
    };
  }

  private static String listName(InputSplit split) {
    return split instanceof FileSplit
        ? ((FileSplit) split).getPath().getName()
        : String.valueOf(split);
  }
}
