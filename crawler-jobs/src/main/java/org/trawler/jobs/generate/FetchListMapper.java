package org.trawler.jobs.generate;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.trawler.core.datum.CrawlDatum;

/**
 * Fetch lists, map side: keys each selected URL by its fetch slot. When the top-N cut falls inside
 * a ranked file, the mapper of that (unsplit, rank-sorted) file passes only its first records.
 */
public class FetchListMapper extends Mapper<Rank, Candidate, FetchSlot, CrawlDatum> {
  private long limit = Long.MAX_VALUE;
  private long seen;
  private final FetchSlot slot = new FetchSlot();

  @Override
  protected void setup(Context context) {
    Configuration conf = context.getConfiguration();
    String cutPart = conf.get(GeneratorKeys.CUT_PART);
    InputSplit split = context.getInputSplit();
    if (cutPart != null
        && split instanceof FileSplit
        && ((FileSplit) split).getPath().getName().equals(cutPart)) {
      limit = conf.getLong(GeneratorKeys.CUT_LIMIT, 0);
    }
  }

  @Override
  protected void map(Rank rank, Candidate candidate, Context context)
      throws IOException, InterruptedException {
    if (seen++ >= limit) {
      return;
    }
    slot.set(candidate.slot(), rank);
    context.write(slot, candidate.datum());
  }
}
