package org.trawler.console.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.trawler.console.report.ReportCommand;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.core.usage.SiteSignals;
import org.trawler.jobs.crawl.RoundLog;
import org.trawler.jobs.index.IndexFields;
import org.trawler.jobs.index.IndexShards;
import org.trawler.jobs.index.Search;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.linkdb.LinkDbParts;

/**
 * What the console shows, as JSON (the pages are drawn from the same objects /api returns): the
 * overview, the running crawl's state, a page of search hits, one URL's story, the report. Read
 * only: nothing here writes to the crawl.
 */
public final class CrawlData {
  /** Snippets mark matched words with these (private-use characters, never shown). */
  public static final String MARK_OPEN = "\uE000";

  public static final String MARK_CLOSE = "\uE001";

  public static final int HITS_PER_PAGE = 10;
  static final int MAX_PAGE = 100;

  /** Matching documents looked at for the host and type filters' counts. */
  static final int FACET_DOCS = 500;

  static final int MAX_LINKS = 200;
  static final int MAX_SEGMENTS = 100;

  /** A request for something the crawl does not have (404). */
  public static final class NotFoundException extends Exception {
    NotFoundException(String message) {
      super(message);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Configuration conf;
  private final CrawlDir crawl;
  private final Path index;
  private final Search search;

  public CrawlData(Configuration conf, CrawlDir crawl, Path index) throws IOException {
    this.conf = conf;
    this.crawl = crawl;
    this.index = index;
    this.search = Search.fromConf(conf).withMarks(MARK_OPEN, MARK_CLOSE);
  }

  public CrawlDir crawl() {
    return crawl;
  }

  public Path index() {
    return index;
  }

  /** The running crawl's state (run.json) and the rounds recorded so far. */
  public ObjectNode status() throws IOException {
    ObjectNode o = JSON.createObjectNode();
    List<JsonNode> rounds = RoundLog.read(conf, new Path(crawl.root(), RoundLog.ROUNDS_FILE));
    o.put("roundsRecorded", rounds.size());
    o.set("run", RoundLog.readRun(conf, crawl.root()));
    o.set("lastRound", rounds.isEmpty() ? null : rounds.get(rounds.size() - 1));
    return o;
  }

  /** The overview: the crawl, its rounds, the crawldb by status after the last one. */
  public ObjectNode overview() throws IOException {
    ObjectNode o = JSON.createObjectNode();
    o.put("crawl", crawl.root().toString());
    o.put("index", index.toString());
    FileSystem fs = crawl.root().getFileSystem(conf);
    o.put("indexPresent", fs.exists(index));
    ArrayNode rounds = o.putArray("rounds");
    RoundLog.read(conf, new Path(crawl.root(), RoundLog.ROUNDS_FILE)).forEach(rounds::add);
    o.set("run", RoundLog.readRun(conf, crawl.root()));
    o.put("segments", segments().size());
    return o;
  }

  /**
   * A page (from 1) of hits of {@code q} in the index, kept to {@code host} and {@code type} when
   * given, with the hosts and types of the first matches for the filters.
   */
  public ObjectNode search(String q, String host, String type, int page)
      throws IOException, UserException, Search.BadQueryException {
    Query parsed = search.parse(q);
    Query filtered = filter(parsed, host, type);
    int p = Math.max(1, Math.min(MAX_PAGE, page));
    ObjectNode o = JSON.createObjectNode();
    o.put("q", q);
    o.put("host", host == null ? "" : host);
    o.put("type", type == null ? "" : type);
    o.put("page", p);
    o.put("perPage", HITS_PER_PAGE);
    try (IndexShards shards = IndexShards.open(conf, index)) {
      Search.Results results =
          search.search(shards, filtered, (p - 1) * HITS_PER_PAGE, HITS_PER_PAGE);
      o.put("total", results.total());
      ArrayNode hits = o.putArray("hits");
      for (Search.Hit h : results.hits()) {
        ObjectNode hit = hits.addObject();
        hit.put("rank", h.rank());
        hit.put("score", h.score());
        hit.put("url", h.url());
        hit.put("title", h.title());
        hit.put("snippet", h.snippet());
        hit.put("host", stored(h.doc(), IndexFields.HOST));
        hit.put("contentType", stored(h.doc(), IndexFields.CONTENT_TYPE));
      }
      facets(o, shards, parsed);
    }
    return o;
  }

  private Query filter(Query q, String host, String type) {
    BooleanQuery.Builder b = new BooleanQuery.Builder().add(q, BooleanClause.Occur.MUST);
    if (host != null && !host.isEmpty() && search.field(IndexFields.HOST) != null) {
      b.add(
          new TermQuery(new Term(search.field(IndexFields.HOST), host)),
          BooleanClause.Occur.FILTER);
    }
    if (type != null && !type.isEmpty() && search.field(IndexFields.CONTENT_TYPE) != null) {
      b.add(
          new TermQuery(new Term(search.field(IndexFields.CONTENT_TYPE), type)),
          BooleanClause.Occur.FILTER);
    }
    return b.build();
  }

  /** The hosts and content types of the query's first matches, by count. */
  private void facets(ObjectNode o, IndexShards shards, Query q) throws IOException {
    IndexSearcher searcher = new IndexSearcher(shards.reader());
    TopDocs top = searcher.search(q, FACET_DOCS);
    Map<String, Long> hosts = new LinkedHashMap<>();
    Map<String, Long> types = new LinkedHashMap<>();
    for (ScoreDoc sd : top.scoreDocs) {
      Document d = searcher.storedFields().document(sd.doc);
      count(hosts, stored(d, IndexFields.HOST));
      count(types, stored(d, IndexFields.CONTENT_TYPE));
    }
    facet(o.putObject("hosts"), hosts);
    facet(o.putObject("types"), types);
  }

  private static void count(Map<String, Long> counts, String value) {
    if (!value.isEmpty()) {
      counts.merge(value, 1L, Long::sum);
    }
  }

  private static void facet(ObjectNode out, Map<String, Long> counts) {
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(20)
        .forEach(e -> out.put(e.getKey(), e.getValue()));
  }

  private String stored(Document doc, String standardName) {
    String field = search.field(standardName);
    String v = field == null ? null : doc.get(field);
    return v == null ? "" : v;
  }

  /**
   * One URL's story: its crawldb record, its fetch and parse in each segment, its inlinks with
   * anchors, its outlinks and its indexed document.
   */
  public ObjectNode story(String url) throws IOException, UserException, NotFoundException {
    ObjectNode o = JSON.createObjectNode();
    o.put("url", url);
    Text key = new Text(url);
    CrawlDatum db = new CrawlDatum();
    Path crawlDb = VersionedDb.currentForReading(conf, crawl.crawlDb());
    boolean known = PartFiles.lookup(conf, crawlDb, key, db);
    o.set("crawldb", known ? datum(db) : null);
    ArrayNode fetches = o.putArray("segments");
    ParseData newestParse = null;
    List<Path> segments = segments();
    for (Path segment :
        segments.subList(Math.max(0, segments.size() - MAX_SEGMENTS), segments.size())) {
      CrawlDatum fetch = new CrawlDatum();
      ParseData parse = new ParseData();
      boolean fetched = lookup(new Path(segment, Segment.CRAWL_FETCH), key, fetch);
      boolean parsed = lookup(new Path(segment, Segment.PARSE_DATA), key, parse);
      if (!fetched && !parsed) {
        continue;
      }
      ObjectNode s = fetches.addObject();
      s.put("segment", segment.getName());
      s.set("fetch", fetched ? datum(fetch) : null);
      if (parsed) {
        s.put("parse", ParseData.statusName(parse.getStatus()));
        s.put("title", parse.getTitle());
        newestParse = parse;
      }
    }
    if (!known && fetches.isEmpty()) {
      throw new NotFoundException(url + " is not in the crawldb nor in any segment");
    }
    ObjectNode signals = o.putObject("signals"); // what the page's owner allows, newest parse
    if (newestParse != null) {
      SiteSignals.readFrom(newestParse.getMeta())
          .values()
          .forEach(
              (f, v) -> signals.putObject(f.key()).put("value", v.value()).put("from", v.from()));
    }
    ArrayNode out = o.putArray("outlinks");
    if (newestParse != null) {
      newestParse.getOutlinks().stream().limit(MAX_LINKS).forEach(l -> link(out, l));
    }
    ArrayNode in = o.putArray("inlinks");
    inlinks(key).stream().limit(MAX_LINKS).forEach(l -> link(in, l));
    o.set("indexed", indexed(url));
    return o;
  }

  private static void link(ArrayNode links, Outlink l) {
    ObjectNode o = links.addObject();
    o.put("url", l.getToUrl());
    o.put("anchor", l.getAnchor());
  }

  private boolean lookup(Path dir, Text key, Writable value) throws IOException, UserException {
    return dir.getFileSystem(conf).exists(dir) && PartFiles.lookup(conf, dir, key, value);
  }

  private List<Outlink> inlinks(Text key) throws IOException {
    LinkDbParts parts = LinkDbParts.of(conf, crawl.linkDb());
    return parts == null ? List.of() : parts.inlinks(conf, key);
  }

  private JsonNode indexed(String url) throws IOException {
    FileSystem fs = index.getFileSystem(conf);
    String field = search.field(IndexFields.URL);
    if (!fs.exists(index) || field == null) {
      return null;
    }
    try (IndexShards shards = IndexShards.open(conf, index)) {
      IndexSearcher searcher = new IndexSearcher(shards.reader());
      TopDocs top = searcher.search(new TermQuery(new Term(field, url)), 1);
      if (top.scoreDocs.length == 0) {
        return null;
      }
      Document d = searcher.storedFields().document(top.scoreDocs[0].doc);
      ObjectNode o = JSON.createObjectNode();
      for (IndexableField f : d.getFields()) {
        String v = f.stringValue() != null ? f.stringValue() : String.valueOf(f.numericValue());
        if (v.length() > 500) {
          v = v.substring(0, 500) + " …";
        }
        o.put(f.name(), o.has(f.name()) ? o.get(f.name()).asText() + " | " + v : v);
      }
      return o;
    } catch (UserException e) {
      return null;
    }
  }

  private static ObjectNode datum(CrawlDatum d) {
    ObjectNode o = JSON.createObjectNode();
    o.put("status", d.statusLabel());
    o.put("fetchTime", d.getFetchTime());
    o.put("retries", d.getRetries());
    o.put("fetchInterval", d.getFetchInterval());
    o.put("score", d.getScore());
    o.put("modifiedTime", d.getModifiedTime());
    ObjectNode meta = o.putObject("metadata");
    d.getMetadata().forEach((k, v) -> meta.put(k.toString(), String.valueOf(v)));
    return o;
  }

  private List<Path> segments() throws IOException {
    FileSystem fs = crawl.segments().getFileSystem(conf);
    List<Path> list = new java.util.ArrayList<>();
    if (!fs.exists(crawl.segments())) {
      return list;
    }
    for (FileStatus st : fs.listStatus(crawl.segments())) {
      String n = st.getPath().getName();
      if (st.isDirectory() && !n.startsWith(".") && !n.startsWith("_")) {
        list.add(st.getPath());
      }
    }
    list.sort(Comparator.comparing(Path::getName));
    return list;
  }

  /**
   * The report {@code report} wrote into {@code <crawl>/report}. The console never counts it
   * itself: a GET that starts a MapReduce job would let any page that reaches the console spend the
   * machine.
   */
  public ObjectNode report() throws IOException, NotFoundException {
    Path file =
        new Path(new Path(crawl.root(), ReportCommand.DEFAULT_DIR), ReportCommand.JSON_FILE);
    FileSystem fs = file.getFileSystem(conf);
    if (!fs.exists(file)) {
      throw new NotFoundException(
          "no report built yet: run bin/crawl report "
              + crawl.root()
              + " (the console shows the report that command writes, it never builds one)");
    }
    try (java.io.InputStream in = fs.open(file)) {
      JsonNode report = JSON.readTree(in);
      if (!(report instanceof ObjectNode o)) {
        throw new IOException(file + " is not a report (no JSON object)");
      }
      return o;
    }
  }
}
