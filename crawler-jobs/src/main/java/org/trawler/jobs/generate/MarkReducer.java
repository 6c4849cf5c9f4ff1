package org.trawler.jobs.generate;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;

/**
 * generate.update.crawldb: joins the crawldb with the new fetch lists by URL and writes the crawldb
 * datum, marked with the generate time when the URL was selected.
 */
public class MarkReducer extends Reducer<Text, CrawlDatum, Text, CrawlDatum> {
  private long generateTime;
  private final CrawlDatum out = new CrawlDatum();

  @Override
  protected void setup(Context context) {
    generateTime =
        context.getConfiguration().getLong(GeneratorKeys.TIME, System.currentTimeMillis());
  }

  @Override
  protected void reduce(Text url, Iterable<CrawlDatum> datums, Context context)
      throws IOException, InterruptedException {
    if (mark(datums, generateTime, out)) {
      GenerateCounter.MARKED.in(context).increment(1);
    }
    context.write(url, out);
  }

  /**
   * Sets {@code out} to the URL's datum, with _ngt_ = generateTime when one of the datums is the
   * fetch list's (which carries exactly this generate's time); returns whether it was selected.
   */
  static boolean mark(Iterable<CrawlDatum> datums, long generateTime, CrawlDatum out) {
    boolean first = true;
    boolean selected = false;
    for (CrawlDatum datum : datums) {
      if (first) {
        out.set(datum);
        first = false;
      }
      selected |= datum.getMetaLong(MetadataKeys.GENERATE_TIME, -1) == generateTime;
    }
    if (selected) {
      out.putMeta(MetadataKeys.GENERATE_TIME, generateTime);
    }
    return selected;
  }
}
