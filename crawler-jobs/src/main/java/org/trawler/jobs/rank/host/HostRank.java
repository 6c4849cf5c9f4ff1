package org.trawler.jobs.rank.host;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;
import org.trawler.core.net.URLParts;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.hostdb.HostPart;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.linkdb.LinkDb;
import org.trawler.jobs.rank.PageRank;

/**
 * {@code hostrank <crawl dir>}: ranks the hosts of the host graph the linkdb holds and stores each
 * host's harmonic centrality and PageRank in the host database. One job builds the graph ({@link
 * GraphMapper}, {@link GraphReducer}); each iteration is one job ({@link SpreadMapper}, {@link
 * GatherReducer}, decisions in {@link HostRankStep}) until no HyperLogLog counter grows and
 * PageRank's change is below hostrank.pagerank.epsilon, or hostrank.max.iterations; a last job
 * writes a new hostdb version under its lock ({@link StoreReducer}).
 */
public class HostRank extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(HostRank.class);

  /** Rank and change figures travel in Hadoop's long counters as millionths. */
  static final double MICROS = 1e6;

  /** What a ranking did. */
  public record Result(
      long hosts, long edges, int iterations, int hyperBallIterations, long ranked) {
    public String summary(Path hostDb) {
      return String.format(
          "hostrank: %d hosts, %d edges; harmonic centrality final after %d iterations, %d"
              + " iterations in all; %d hosts ranked in %s",
          hosts, edges, hyperBallIterations, iterations, ranked, hostDb);
    }
  }

  @Override
  public String name() {
    return "hostrank";
  }

  @Override
  public String synopsis() {
    return "<crawl dir> [-force]";
  }

  @Override
  protected Options options() {
    return new Options().addOption("force", false, "break the hostdb lock left by a job that died");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    CrawlDir crawl = new CrawlDir(new Path(cmd.getArgList().get(0)));
    Result result = rank(crawl.linkDb(), crawl.hostDb(), cmd.hasOption("force"));
    out().println(result.summary(crawl.hostDb()));
    return 0;
  }

  /** Ranks the hosts of {@code linkDb}'s graph and installs a new version of {@code hostDb}. */
  public Result rank(Path linkDb, Path hostDb, boolean force) throws IOException, UserException {
    Configuration conf = new Configuration(getConf());
    List<Path> links = LinkDb.parts(conf, linkDb);
    if (links.isEmpty()) {
      throw new UserException("no linkdb at " + linkDb + ": run invertlinks first");
    }
    Path hostDbCurrent = HostDb.installed(conf, hostDb);
    if (hostDbCurrent == null) {
      throw new UserException("no hostdb at " + hostDb + ": run updatehostdb first");
    }
    VersionedDb.currentForReading(conf, hostDb, VersionedDb.Kind.HOSTDB); // not a crawldb
    double damping = Settings.getDouble(conf, HostRankKeys.DAMPING, HostRankKeys.DEFAULT_DAMPING);
    double epsilon = Settings.getDouble(conf, HostRankKeys.EPSILON, HostRankKeys.DEFAULT_EPSILON);
    int maxIterations =
        Settings.getInt(conf, HostRankKeys.MAX_ITERATIONS, HostRankKeys.DEFAULT_MAX_ITERATIONS);
    Path tmp =
        new Path(
            conf.get(MRConfig.TEMP_DIR, conf.get(CommonConfigurationKeys.HADOOP_TMP_DIR)),
            "hostrank-" + UUID.randomUUID());
    try {
      Path graph = new Path(tmp, "graph");
      Job build =
          nodeJob(conf, "hostrank graph " + linkDb, links, GraphMapper.class, Text.class, graph);
      build.setReducerClass(GraphReducer.class);
      runJob(build);
      Counters c = build.getCounters();
      long hosts = HostRankCounter.HOSTS.valueIn(c);
      long edges = HostRankCounter.EDGES.valueIn(c);
      double dangling = HostRankCounter.DANGLING_RANK_MICROS.valueIn(c) / MICROS;
      int iterations = 0;
      int hyperBall = 0;
      boolean converged = false;
      while (!converged && iterations < maxIterations) {
        iterations++;
        Path next = new Path(tmp, "iteration-" + iterations);
        Job step =
            nodeJob(
                conf,
                "hostrank iteration " + iterations,
                List.of(graph),
                SpreadMapper.class,
                HostNode.class,
                next);
        step.getConfiguration().setInt(HostRankKeys.INTERNAL_ITERATION, iterations);
        step.getConfiguration().setLong(HostRankKeys.INTERNAL_HOSTS, hosts);
        step.getConfiguration().setDouble(HostRankKeys.INTERNAL_DANGLING, dangling);
        step.setReducerClass(GatherReducer.class);
        runJob(step);
        c = step.getCounters();
        long grown = HostRankCounter.COUNTERS_GROWN.valueIn(c);
        if (grown > 0) {
          hyperBall = iterations;
        }
        dangling = HostRankCounter.DANGLING_RANK_MICROS.valueIn(c) / MICROS;
        double change = HostRankCounter.RANK_CHANGE_MICROS.valueIn(c) / MICROS;
        converged =
            HostRankStep.converged(grown, change, PageRank.meanOne(damping, hosts), epsilon);
        LOG.info(
            "hostrank iteration {}: {} counters grew, PageRank changed {} in all",
            iterations,
            grown,
            change);
        graph.getFileSystem(conf).delete(graph, true);
        graph = next;
      }
      if (!converged) {
        LOG.warn("hostrank: not converged after {} iterations", maxIterations);
      }
      try (DbTransaction tx = DbTransaction.begin(conf, hostDb, "hostdb", force)) {
        Job store = CrawlJob.create(conf, "hostrank store " + hostDb);
        MultipleInputs.addInputPath(
            store, hostDbCurrent, SequenceFileInputFormat.class, HostDb.PreviousMapper.class);
        MultipleInputs.addInputPath(store, graph, SequenceFileInputFormat.class, RankMapper.class);
        store.setMapOutputKeyClass(Text.class);
        store.setMapOutputValueClass(HostPart.class);
        store.setReducerClass(StoreReducer.class);
        CrawlJob.setMapFileOutput(store, tx.newVersion(), HostDatum.class);
        runJob(store);
        tx.commit();
        return new Result(
            hosts,
            edges,
            iterations,
            hyperBall,
            HostRankCounter.RANKED.valueIn(store.getCounters()));
      }
    } finally {
      tmp.getFileSystem(conf).delete(tmp, true);
    }
  }

  /**
   * A job reading sequence files {@code in} with {@code mapper} (emitting {@code mapValue}s under
   * host names) and writing host nodes to {@code out}; the caller sets the reducer.
   */
  @SuppressWarnings("rawtypes")
  private static Job nodeJob(
      Configuration conf,
      String name,
      List<Path> in,
      Class<? extends Mapper> mapper,
      Class<?> mapValue,
      Path out)
      throws IOException {
    Job job = CrawlJob.create(conf, name);
    for (Path p : in) {
      FileInputFormat.addInputPath(job, p);
    }
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setMapperClass(mapper);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(mapValue);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(HostNode.class);
    FileOutputFormat.setOutputPath(job, out);
    return job;
  }

  /**
   * linkdb (url → Inlinks) to (linking host → linked host) for each link between two hosts, and
   * (linked host → "") so that a host nothing of the crawl links from is in the graph too.
   */
  public static class GraphMapper extends Mapper<Text, Inlinks, Text, Text> {
    private static final Text NONE = new Text("");

    @Override
    protected void map(Text url, Inlinks inlinks, Context context)
        throws IOException, InterruptedException {
      String to = URLParts.host(url.toString());
      if (to == null || to.isEmpty()) {
        LOG.warn("no host in {}, its links left out of the host graph", url);
        HostRankCounter.NO_HOST.in(context).increment(1);
        return;
      }
      Text target = new Text(to);
      context.write(target, NONE);
      for (Outlink in : inlinks.getInlinks()) {
        HostRankCounter.LINKS.in(context).increment(1);
        String from = URLParts.host(in.getToUrl());
        if (from == null || from.isEmpty()) {
          LOG.warn("no host in {} linking to {}, left out of the host graph", in.getToUrl(), url);
          HostRankCounter.NO_HOST.in(context).increment(1);
        } else if (!from.equals(to)) {
          context.write(new Text(from), target);
        }
      }
    }
  }

  /** A host's linked hosts to its starting state ({@link HostRankStep#start}). */
  public static class GraphReducer extends Reducer<Text, Text, Text, HostNode> {
    private int precision;

    @Override
    protected void setup(Context context) {
      precision =
          Settings.getInt(
              context.getConfiguration(),
              HostRankKeys.HLL_PRECISION,
              HostRankKeys.DEFAULT_HLL_PRECISION);
    }

    @Override
    protected void reduce(Text host, Iterable<Text> targets, Context context)
        throws IOException, InterruptedException {
      TreeSet<String> distinct = new TreeSet<>();
      for (Text t : targets) {
        if (t.getLength() > 0) {
          distinct.add(t.toString());
        }
      }
      HostNode node = HostRankStep.start(host.toString(), distinct, precision);
      HostRankCounter.HOSTS.in(context).increment(1);
      HostRankCounter.EDGES.in(context).increment(distinct.size());
      if (distinct.isEmpty()) {
        HostRankCounter.DANGLING_RANK_MICROS
            .in(context)
            .increment(Math.round(node.rank() * MICROS));
      }
      context.write(host, node);
    }
  }

  /** A host's state to itself, and its message to each host it links to. */
  public static class SpreadMapper extends Mapper<Text, HostNode, Text, HostNode> {
    @Override
    protected void map(Text host, HostNode node, Context context)
        throws IOException, InterruptedException {
      context.write(host, node);
      if (!node.targets().isEmpty()) {
        HostNode message = HostRankStep.message(node);
        for (String t : node.targets()) {
          context.write(new Text(t), message);
        }
      }
    }
  }

  /** A host's state and the messages of the hosts linking to it to its next state. */
  public static class GatherReducer extends Reducer<Text, HostNode, Text, HostNode> {
    private int iteration;
    private PageRank pr;
    private double danglingMass;

    @Override
    protected void setup(Context context) {
      Configuration conf = context.getConfiguration();
      iteration = conf.getInt(HostRankKeys.INTERNAL_ITERATION, 1);
      pr =
          PageRank.meanOne(
              Settings.getDouble(conf, HostRankKeys.DAMPING, HostRankKeys.DEFAULT_DAMPING),
              conf.getLong(HostRankKeys.INTERNAL_HOSTS, 1));
      danglingMass = conf.getDouble(HostRankKeys.INTERNAL_DANGLING, 0);
    }

    @Override
    protected void reduce(Text host, Iterable<HostNode> values, Context context)
        throws IOException, InterruptedException {
      HostNode node = null;
      List<HostNode> messages = new ArrayList<>();
      for (HostNode v : values) {
        HostNode copy = v.copy(); // Hadoop reuses v
        if (copy.kind() == HostNode.Kind.NODE) {
          node = copy;
        } else {
          messages.add(copy);
        }
      }
      if (node == null) {
        LOG.warn("hostrank: counters sent to {}, which the host graph does not have", host);
        HostRankCounter.NO_NODE.in(context).increment(1);
        return;
      }
      HostRankStep.Gathered g = HostRankStep.gather(node, messages, iteration, pr, danglingMass);
      if (g.grew()) {
        HostRankCounter.COUNTERS_GROWN.in(context).increment(1);
      }
      HostRankCounter.RANK_CHANGE_MICROS.in(context).increment(Math.round(g.rankChange() * MICROS));
      if (g.node().targets().isEmpty()) {
        HostRankCounter.DANGLING_RANK_MICROS
            .in(context)
            .increment(Math.round(g.node().rank() * MICROS));
      }
      context.write(host, g.node());
    }
  }

  /** A ranked host to its rank fields, as a {@link HostPart.Kind#RANK} part. */
  public static class RankMapper extends Mapper<Text, HostNode, Text, HostPart> {
    @Override
    protected void map(Text host, HostNode node, Context context)
        throws IOException, InterruptedException {
      HostDatum rank = new HostDatum();
      rank.setRank((float) node.harmonic(), (float) node.rank());
      context.write(host, new HostPart(HostPart.Kind.RANK, rank));
    }
  }

  /**
   * A hostdb record and its new rank to the record with the rank (0 for a host no longer in the
   * graph); a ranked host the hostdb does not have is not stored.
   */
  public static class StoreReducer extends Reducer<Text, HostPart, Text, HostDatum> {
    @Override
    protected void reduce(Text host, Iterable<HostPart> parts, Context context)
        throws IOException, InterruptedException {
      HostDatum record = null;
      HostDatum rank = null;
      for (HostPart p : parts) {
        if (p.kind() == HostPart.Kind.RANK) {
          rank = new HostDatum(p.datum());
        } else {
          record = new HostDatum(p.datum());
        }
      }
      if (record == null) {
        HostRankCounter.NOT_IN_HOSTDB.in(context).increment(1);
        return;
      }
      if (rank == null) {
        record.setRank(0, 0);
      } else {
        record.setRank(rank.getHarmonicCentrality(), rank.getHostRank());
        HostRankCounter.RANKED.in(context).increment(1);
      }
      context.write(host, record);
    }
  }
}
