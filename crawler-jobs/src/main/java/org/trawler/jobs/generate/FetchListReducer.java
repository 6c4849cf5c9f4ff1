package org.trawler.jobs.generate;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;

/**
 * Fetch lists, reduce side: writes one fetch list in slot order (hosts take turns) as (url, crawldb
 * datum marked with the generate time).
 */
public class FetchListReducer extends Reducer<FetchSlot, CrawlDatum, Text, CrawlDatum> {
  private long generateTime;
  private final Text url = new Text();

  @Override
  protected void setup(Context context) {
    generateTime =
        context.getConfiguration().getLong(GeneratorKeys.TIME, System.currentTimeMillis());
  }

  @Override
  protected void reduce(FetchSlot slot, Iterable<CrawlDatum> datums, Context context)
      throws IOException, InterruptedException {
    url.set(slot.rank().url());
    for (CrawlDatum datum : datums) {
      write(url, datum, generateTime, context);
    }
  }

  /** Writes one fetch list entry: the crawldb datum marked with the generate time. */
  static void write(
      Text url,
      CrawlDatum datum,
      long generateTime,
      TaskInputOutputContext<?, ?, Text, CrawlDatum> context)
      throws IOException, InterruptedException {
    datum.putMeta(MetadataKeys.GENERATE_TIME, generateTime);
    context.write(url, datum);
    GenerateCounter.SELECTED.in(context).increment(1);
  }
}
