package org.trawler.jobs.sitemap;

import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Partitioner;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.net.URLParts;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.hostdb.HostKnowledgeReader;
import org.trawler.jobs.hostdb.HostPolicy;
import org.trawler.jobs.politeness.HostPartition;

/**
 * The sitemap job's first pass: lists the sites (scheme://host[:port]) of the crawldb's URLs with
 * the sitemap URLs given for them, leaving out the hosts generate skips now ({@link HostPolicy})
 * and the sites an earlier run read. Each reducer writes the lines "site TAB sitemap..." of one
 * share of the host groups (partition.url.mode, as generate's fetch lists), so each file is one
 * fetch task of the second pass ({@link SiteListInputFormat}) and owns its hosts' politeness.
 */
public final class SiteListing {
  /** A value marking a site an earlier run read: never a sitemap URL. */
  static final String DONE = "#done";

  private SiteListing() {}

  /**
   * The listing job over the crawldb version {@code current}, the sitemap URLs under {@code given}
   * (or null), the site lists under {@code done} (or null), and the installed hostdb version {@code
   * hostDb} (or null); writes {@code tasks} site lists (0: the job's default reducers) to {@code
   * out}.
   */
  static Job job(
      Configuration conf, Path current, Path given, Path done, Path hostDb, int tasks, Path out)
      throws IOException {
    Job job = CrawlJob.create(conf, "sitemap sites " + current);
    Configuration jc = job.getConfiguration();
    HostKnowledgeReader.handOver(jc, hostDb, List.of());
    MultipleInputs.addInputPath(job, current, SequenceFileInputFormat.class, SiteMapper.class);
    if (given != null) {
      MultipleInputs.addInputPath(job, given, TextInputFormat.class, GivenMapper.class);
    }
    if (done != null && done.getFileSystem(jc).exists(done)) {
      MultipleInputs.addInputPath(job, done, TextInputFormat.class, DoneMapper.class);
    }
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(Text.class);
    job.setCombinerClass(DistinctCombiner.class);
    job.setPartitionerClass(SitePartitioner.class);
    job.setReducerClass(SiteReducer.class);
    if (tasks > 0) {
      job.setNumReduceTasks(tasks);
    }
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    return job;
  }

  /** The site of a URL, or null when it has none or is not http(s). */
  static String siteOf(String url) {
    String site = URLParts.of(url).origin();
    return site != null && URLParts.isHttp(site) ? site : null;
  }

  /** A crawldb record to (site, ""); once per run of URLs of one site (the crawldb is sorted). */
  public static class SiteMapper extends Mapper<Text, CrawlDatum, Text, Text> {
    private final Text site = new Text();
    private final Text none = new Text();
    private String last;

    @Override
    protected void map(Text url, CrawlDatum datum, Context context)
        throws IOException, InterruptedException {
      String s = siteOf(url.toString());
      if (s != null && !s.equals(last)) {
        last = s;
        site.set(s);
        context.write(site, none);
      }
    }
  }

  /** A line of a file of sitemap URLs to (site, sitemap URL); blank and # lines are skipped. */
  public static class GivenMapper extends Mapper<LongWritable, Text, Text, Text> {
    private static final Logger LOG = LoggerFactory.getLogger(GivenMapper.class);

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      String url = line.toString().trim();
      if (url.isEmpty() || url.startsWith("#")) {
        return;
      }
      String site = URLParts.of(url).origin();
      if (site == null) {
        LOG.warn("not a sitemap URL: {}", url);
        return;
      }
      context.write(new Text(site), new Text(url));
    }
  }

  /** A line "site TAB sitemap..." an earlier run read to (site, {@value #DONE}). */
  public static class DoneMapper extends Mapper<LongWritable, Text, Text, Text> {
    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      String s = line.toString();
      int tab = s.indexOf('\t');
      context.write(new Text(tab < 0 ? s : s.substring(0, tab)), new Text(DONE));
    }
  }

  /** Each distinct value of a site once: a site's many crawldb URLs become one record. */
  public static class DistinctCombiner extends Reducer<Text, Text, Text, Text> {
    @Override
    protected void reduce(Text site, Iterable<Text> values, Context context)
        throws IOException, InterruptedException {
      Set<String> seen = new LinkedHashSet<>();
      for (Text v : values) {
        if (seen.add(v.toString())) {
          context.write(site, v);
        }
      }
    }
  }

  /** A site's values to its line "site TAB sitemap..."; none for a skipped or done site. */
  public static class SiteReducer extends Reducer<Text, Text, Text, Text> {
    private HostPolicy hosts;

    @Override
    protected void setup(Context context) throws IOException {
      hosts = HostPolicy.fromConf(context.getConfiguration());
    }

    @Override
    protected void reduce(Text site, Iterable<Text> values, Context context)
        throws IOException, InterruptedException {
      Set<String> sitemaps = new LinkedHashSet<>();
      for (Text v : values) {
        String s = v.toString();
        if (s.equals(DONE)) {
          SitemapCounter.SITES_DONE.in(context).increment(1);
          return;
        }
        if (!s.isEmpty()) {
          sitemaps.add(s);
        }
      }
      if (hosts.skipReason(URLParts.host(site.toString())) != null) {
        SitemapCounter.SITES_SKIPPED.in(context).increment(1);
        return;
      }
      SitemapCounter.SITES.in(context).increment(1);
      context.write(site, new Text(String.join(" ", sitemaps)));
    }
  }

  /**
   * Sends every site of a host group (partition.url.mode: host, domain or IP) to one site list, as
   * generate sends a group's URLs to one fetch list: the one rule, {@link HostPartition}.
   */
  public static class SitePartitioner extends Partitioner<Text, Text> implements Configurable {
    private Configuration conf;
    private HostPartition groups = HostPartition.byHost();

    @Override
    public void setConf(Configuration conf) {
      this.conf = conf;
      groups = HostPartition.fromSettings(conf);
    }

    @Override
    public Configuration getConf() {
      return conf;
    }

    @Override
    public int getPartition(Text site, Text value, int numPartitions) {
      return groups.partitionOf(site.toString(), numPartitions);
    }
  }

  /** The site lists, one whole file per map task: a host group is read by one task only. */
  public static class SiteListInputFormat extends TextInputFormat {
    @Override
    protected boolean isSplitable(JobContext context, Path file) {
      return false;
    }
  }

  /** The fetch tasks configured (sitemap.fetch.tasks), 0 for the job's default. */
  static int tasks(Configuration conf) {
    return Math.max(
        0, Settings.getInt(conf, SitemapKeys.FETCH_TASKS, SitemapKeys.DEFAULT_FETCH_TASKS));
  }
}
