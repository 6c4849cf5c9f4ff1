package org.trawler.jobs.generate;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.trawler.core.datum.CrawlDatum;

/**
 * Select and fetch list in one reduce, for a small crawldb and one fetch list ({@link
 * Generator#oneJob}): the only reducer reads every due URL best-first, decides as the select
 * reducer does, holds what it takes, and writes it as the fetch list reducer would, in slot order
 * (hosts take turns). One job instead of two; the fetch list is the same.
 */
public class OneListReducer extends Reducer<Rank, CrawlDatum, Text, CrawlDatum> {
  private Selector selector;
  private long generateTime;
  private final List<Entry> taken = new ArrayList<>();

  /** A taken URL: its place in the fetch list and its datum. */
  private record Entry(FetchSlot slot, CrawlDatum datum) {}

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    selector = Selector.fromConf(conf, conf.getLong(GeneratorKeys.TOP_N, 0));
    generateTime = conf.getLong(GeneratorKeys.TIME, System.currentTimeMillis());
  }

  @Override
  protected void reduce(Rank rank, Iterable<CrawlDatum> datums, Context context) {
    selector.url(rank.url());
    for (CrawlDatum datum : datums) {
      int slot = selector.admitOrCount(context);
      if (slot >= 0) {
        taken.add(new Entry(new FetchSlot(slot, rank), new CrawlDatum(datum)));
      }
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    taken.sort((a, b) -> a.slot().compareTo(b.slot()));
    Text url = new Text();
    for (Entry e : taken) {
      url.set(e.slot().rank().url());
      FetchListReducer.write(url, e.datum(), generateTime, context);
    }
    taken.clear();
  }
}
