package org.trawler.jobs.rank;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.rank.RankRecord.Edge;
import org.trawler.jobs.rank.RankRecord.Kind;

/**
 * rank's first three jobs, which build the page graph: by source page ({@link #bySource}), by
 * target to keep only links to crawldb pages ({@link #byTarget}), by source again into one node per
 * page with the initial rank ({@link #nodes}).
 */
public final class PageGraphJobs {
  private PageGraphJobs() {}

  /** Job 1: crawldb pages and their newest parse's links, as (target, link from the page). */
  static Job bySource(Configuration conf, Path crawlDb, List<Path> segments, Path out)
      throws IOException {
    Job job =
        RankJob.create(
            conf, crawlDb + ": links by page", 0, GraphMapper.class, SourceReducer.class);
    CrawlJob.addCrawlDbInput(job, crawlDb);
    for (Path segment : segments) {
      FileInputFormat.addInputPath(job, new Path(segment, Segment.PARSE_DATA));
      if (Segment.hasPart(conf, segment, Segment.CRAWL_FETCH)) {
        FileInputFormat.addInputPath(job, new Path(segment, Segment.CRAWL_FETCH));
      }
    }
    return RankJob.writeRecords(job, out);
  }

  /** Job 2: the links whose target is a crawldb page, as (source, link to the target). */
  static Job byTarget(Configuration conf, Path in, Path out) throws IOException {
    return RankJob.between(
        conf, "links to known pages", 0, in, Mapper.class, TargetReducer.class, out);
  }

  /** Job 3: one node per page, with its links out and the initial rank. */
  static Job nodes(Configuration conf, Path in, Path out, PageRank pr) throws IOException {
    return RankJob.between(
        conf, "page graph", pr.nodes(), in, Mapper.class, NodeReducer.class, out);
  }

  /**
   * The segment a parse_data or crawl_fetch input file belongs to, from its path
   * (segment/parse_data/part-r-00000/data); "" when it is no such path.
   */
  static String segmentOf(Path file) {
    Path part = segmentPart(file);
    return part == null ? "" : part.getParent().getName();
  }

  /** True for a file of a segment's crawl_fetch (segment/crawl_fetch/part-r-00000/data). */
  static boolean isFetchPart(Path file) {
    Path part = segmentPart(file);
    return part != null && part.getName().equals(Segment.CRAWL_FETCH);
  }

  private static Path segmentPart(Path file) {
    for (Path p = file; p != null && p.getParent() != null; p = p.getParent()) {
      if (p.getName().equals(Segment.PARSE_DATA) || p.getName().equals(Segment.CRAWL_FETCH)) {
        return p;
      }
    }
    return null;
  }

  /** True for a fetch datum of an HTTP redirect that names its target. */
  static boolean isRedirect(CrawlDatum fetch) {
    String target = fetch.getMetaString(MetadataKeys.REDIRECT_TARGET);
    return (fetch.getStatus() == CrawlStatus.FETCH_REDIR_PERM
            || fetch.getStatus() == CrawlStatus.FETCH_REDIR_TEMP)
        && target != null
        && !target.isEmpty();
  }

  /**
   * crawldb (url → datum) to (url → node); a segment's parse_data (url → parse) to (url → the
   * parse's links to rank, with the segment's name); a segment's crawl_fetch redirect (url → fetch
   * datum) to (url → its one link, to the target, with the segment's name); other fetches are the
   * parses' business and left out.
   */
  public static class GraphMapper extends Mapper<Text, Writable, Text, RankRecord> {
    private static final Logger LOG = LoggerFactory.getLogger(GraphMapper.class);
    private PageGraph graph;
    private String segment;
    private boolean fetches;

    @Override
    protected void setup(Context context) {
      graph = new PageGraph(RankCommand.internalWeight(context.getConfiguration()));
      Path file = context.getInputSplit() instanceof FileSplit split ? split.getPath() : null;
      segment = file == null ? "" : segmentOf(file);
      fetches = file != null && isFetchPart(file);
    }

    @Override
    protected void map(Text url, Writable value, Context context)
        throws IOException, InterruptedException {
      if (value instanceof CrawlDatum fetch && fetches) {
        if (isRedirect(fetch)) {
          PageGraph.Outgoing out =
              graph.redirect(url.toString(), fetch.getMetaString(MetadataKeys.REDIRECT_TARGET));
          RankCounter.REDIRECTS.in(context).increment(1);
          RankCounter.SELF_LINKS.in(context).increment(out.self());
          context.write(url, RankRecord.page(segment, out.edges()));
        }
      } else if (value instanceof CrawlDatum) {
        RankCounter.PAGES.in(context).increment(1);
        context.write(url, RankRecord.node());
      } else if (value instanceof ParseData parse) {
        PageGraph.Outgoing out = graph.edges(url.toString(), parse.getOutlinks());
        RankCounter.SELF_LINKS.in(context).increment(out.self());
        RankCounter.NOFOLLOW_LINKS.in(context).increment(out.nofollow());
        RankCounter.INTERNAL_LINKS_DROPPED.in(context).increment(out.internalDropped());
        context.write(url, RankRecord.page(segment, out.edges()));
      } else {
        LOG.warn("rank: skipping {}, neither a crawldb entry nor a parse", url);
      }
    }
  }

  /**
   * A URL's crawldb entry and parses: when the crawldb has it, writes it as a node and the links of
   * its newest parse (segment names sort by time) under their targets.
   */
  public static class SourceReducer extends Reducer<Text, RankRecord, Text, RankRecord> {
    private final Text target = new Text();

    @Override
    protected void reduce(Text url, Iterable<RankRecord> values, Context context)
        throws IOException, InterruptedException {
      boolean known = false;
      String segment = null;
      List<Edge> edges = List.of();
      for (RankRecord r : values) {
        if (r.kind() == Kind.NODE) {
          known = true;
        } else if (r.kind() == Kind.PAGE && (segment == null || r.name().compareTo(segment) > 0)) {
          segment = r.name();
          edges = new ArrayList<>(r.edges());
        }
      }
      if (!known) {
        RankCounter.PARSES_NOT_IN_CRAWLDB.in(context).increment(1);
        return;
      }
      context.write(url, RankRecord.node());
      if (segment != null) {
        RankCounter.PAGES_WITH_OUTLINKS.in(context).increment(1);
      }
      for (Edge e : edges) {
        target.set(e.url());
        context.write(target, RankRecord.link(url.toString(), e.weight()));
      }
    }
  }

  /**
   * A URL and the links to it: when it is a crawldb page, writes it as a node and each link under
   * its source; links to other URLs are left out.
   */
  public static class TargetReducer extends Reducer<Text, RankRecord, Text, RankRecord> {
    private final Text source = new Text();

    @Override
    protected void reduce(Text url, Iterable<RankRecord> values, Context context)
        throws IOException, InterruptedException {
      boolean known = false;
      List<RankRecord> links = new ArrayList<>();
      for (RankRecord r : values) {
        if (r.kind() == Kind.NODE) {
          known = true;
        } else if (r.kind() == Kind.LINK) {
          links.add(RankRecord.link(r.name(), (float) r.value()));
        }
      }
      if (!known) {
        RankCounter.LINKS_TO_UNKNOWN.in(context).increment(links.size());
        return;
      }
      context.write(url, RankRecord.node());
      RankCounter.LINKS.in(context).increment(links.size());
      for (RankRecord link : links) {
        source.set(link.name());
        context.write(source, RankRecord.link(url.toString(), (float) link.value()));
      }
    }
  }

  /** A page and its links out: one node with the initial rank. */
  public static class NodeReducer extends Reducer<Text, RankRecord, Text, RankRecord> {
    private PageRank pr;

    @Override
    protected void setup(Context context) {
      pr = RankJob.pageRank(context.getConfiguration());
    }

    @Override
    protected void reduce(Text url, Iterable<RankRecord> values, Context context)
        throws IOException, InterruptedException {
      List<Edge> edges = new ArrayList<>();
      for (RankRecord r : values) {
        if (r.kind() == Kind.LINK) {
          edges.add(new Edge(r.name(), (float) r.value()));
        }
      }
      if (edges.isEmpty()) {
        RankCounter.DANGLING_PAGES.in(context).increment(1);
      }
      context.write(url, RankRecord.node(pr.initial(), edges));
    }
  }
}
