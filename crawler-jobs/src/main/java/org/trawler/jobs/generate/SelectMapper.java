package org.trawler.jobs.generate;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.net.URLParts;
import org.trawler.core.scoring.SelectionScore;
import org.trawler.jobs.hostdb.HostKnowledge;
import org.trawler.jobs.hostdb.HostKnowledgeReader;
import org.trawler.jobs.hostdb.HostPolicy;
import org.trawler.jobs.hostdb.HostSkip;

/** Select, map side: keeps the due URLs of the crawldb, keyed by their rank. */
public class SelectMapper extends Mapper<Text, CrawlDatum, Rank, CrawlDatum> {
  private static final Logger LOG = LoggerFactory.getLogger(SelectMapper.class);

  private SelectionRules rules;
  private GenerateOrder order;
  private SelectionScore score;
  private HostPolicy hosts;
  private final Rank rank = new Rank();

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    long now = Selector.now(conf);
    HostKnowledge known = HostKnowledgeReader.read(conf, now);
    hosts = HostPolicy.from(conf, known, now, Selector.fetchMillis(conf));
    rules = SelectionRules.fromConf(conf, known);
    order = GenerateOrder.from(conf);
    score = SelectionScore.from(conf);
  }

  @Override
  protected void map(Text url, CrawlDatum datum, Context context)
      throws IOException, InterruptedException {
    SkipReason reason = rules.skipReason(url.toString(), datum);
    if (reason == null && !hosts.isEmpty()) {
      HostSkip skip = hosts.skipReason(url.toString(), URLParts.host(url.toString()));
      reason = skip == null ? null : SkipReason.of(skip);
    }
    if (reason != null) {
      reason.in(context).increment(1);
      if (reason == SkipReason.MALFORMED) {
        LOG.warn("skipping malformed crawldb URL {}", url);
      }
      return;
    }
    rank.set(order.rankDepth(datum), score.of(datum), Rank.newsOf(datum), url);
    context.write(rank, datum);
  }
}
