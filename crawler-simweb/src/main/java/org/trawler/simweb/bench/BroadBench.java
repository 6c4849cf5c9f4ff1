package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLParts;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.scoring.ScoringKeys;
import org.trawler.core.store.PartFiles;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.crawl.CrawlKeys;
import org.trawler.jobs.crawl.CrawlRound;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.generate.GeneratorKeys;
import org.trawler.jobs.hostdb.HostDbKeys;
import org.trawler.jobs.hostdb.Soft404Keys;
import org.trawler.jobs.inject.Injector;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.jobs.rank.RankKeys;
import org.trawler.simweb.ServedAddresses;
import org.trawler.simweb.SimWebCommand;
import org.trawler.simweb.web.BroadGap;
import org.trawler.simweb.web.BroadScore;
import org.trawler.simweb.web.BroadWeb;
import org.trawler.simweb.web.RealPageRecall;
import org.trawler.simweb.web.WebRequest;
import org.trawler.simweb.web.WebServer;
import org.trawler.simweb.web.WebShape;
import org.trawler.simweb.web.WebTopics;

/**
 * {@code bench --broad}: a Nutch user's broad crawl (rounds of topN, many threads, a politeness
 * delay, a cap per host) of simweb's {@code --profile web}, judged only from what its server was
 * asked ({@link BroadScore}); with {@code --features-off} the same crawl again with every feature
 * switch of {@link #FEATURE_SWITCHES} off, side by side. The web is served in this JVM, a fresh
 * server per configuration, its names pinned with http.resolve.file. With {@code --topics K --focus
 * TOPIC} the web's pages are about topics and the same budget is crawled unfocused (OPIC) and
 * focused (the topic scoring filter, a topic file of the topic's first {@value #TOPIC_FILE_WORDS}
 * words), side by side, with the topic's harvest: on-topic pages among the real pages fetched. With
 * {@code --orders opic,pagerank,pagerank-hosts} the same web and budget are crawled once per {@link
 * Order}, side by side: what the budget buys by each order is the PageRank mass fetched as a share
 * of the best possible, and the harvest.
 */
final class BroadBench {

  /**
   * A setting that turns a broad-crawl feature on or off: the bench passes {@code key=off} for the
   * features-off configuration and leaves the crawl's own default otherwise.
   */
  record FeatureSwitch(String key, String off) {}

  /**
   * The features a broad crawl turns off to show today's behaviour: the soft-404 probe (off in
   * Trawler's defaults, on in the bench's broad crawl), the trap filter's caps, the learned
   * irrelevant parameters, trap templates, mirror hosts and names held back for their www. host,
   * the host backoff after 429/503 (a zero backoff: the host is asked again at its next turn, as
   * before), the host's slower pace after them and the round's dedup.
   */
  static final List<FeatureSwitch> FEATURE_SWITCHES =
      List.of(
          new FeatureSwitch(Soft404Keys.PROBE, "false"),
          new FeatureSwitch(NetKeys.TRAP_LENGTH_MAX, "-1"),
          new FeatureSwitch(NetKeys.TRAP_DEPTH_MAX, "-1"),
          new FeatureSwitch(NetKeys.TRAP_PARAMS_MAX, "-1"),
          new FeatureSwitch(NetKeys.TRAP_REPEATS, "-1"),
          new FeatureSwitch(HostDbKeys.PARAMS_LEARN_MIN_EVIDENCE, "0"),
          new FeatureSwitch(HostDbKeys.TRAPS_LEARN_MIN_EVIDENCE, "0"),
          new FeatureSwitch(HostDbKeys.MIRRORS_LEARN_MIN_EVIDENCE, "0"),
          new FeatureSwitch(HostDbKeys.WWW_LEARN_MIN_EVIDENCE, "0"),
          new FeatureSwitch(PolitenessKeys.BACKOFF_START, "0"),
          new FeatureSwitch(PolitenessKeys.BACKOFF_MAX, "0"),
          new FeatureSwitch(PolitenessKeys.PACE_FACTOR, "1"),
          new FeatureSwitch(CrawlKeys.DEDUP, "false"));

  /** Written beside each configuration's crawl: every request its server answered. */
  static final String REQUESTS_FILE = "requests.tsv";

  /**
   * bench broad --unlimited's topN: above the default web's real pages (about 9 000) with its
   * copies and traps, so that no round is cut by the budget and every real page can be reached.
   */
  static final long UNLIMITED_TOP_N = 100_000;

  /**
   * bench broad --unlimited's rounds, at most: deeper than the web's longest chain of links (the
   * crawl stops sooner when nothing is due; a host's 50 URLs a round still bound each round).
   */
  static final int UNLIMITED_ROUNDS = 40;

  /** The backoff a 429 or 503 starts when the crawler sets none: StormCrawler's 60 s. */
  static final long DEFAULT_BACKOFF_SECONDS = 60;

  /**
   * The bench's budget and politeness, the broad-crawl settings by default; {@code orders}
   * empty for one crawl by the crawl's own order, {@code rankEvery} the rounds between two ranks of
   * the orders that rank.
   */
  record Settings(
      WebShape shape,
      int rounds,
      long topN,
      int threads,
      double delaySeconds,
      int maxPerHost,
      long backoffSeconds,
      boolean featuresOff,
      List<Order> orders,
      int rankEvery) {}

  /** An order generate can select by, as {@code --orders} names it, with the settings it takes. */
  enum Order {
    /** OPIC cash, the crawl's default: updatedb computes it on the way, nothing else runs. */
    OPIC("opic"),
    /** PageRank from {@code rank}, run every {@code --rank-every} rounds. */
    PAGERANK("pagerank"),
    /**
     * PageRank, and each host's share of topN sized by its harmonic centrality (hostrank after each
     * rank, generate.max.count.by.rank).
     */
    PAGERANK_HOSTS("pagerank-hosts");

    final String label;

    Order(String label) {
      this.label = label;
    }

    /** The settings of a crawl by this order, rank run every {@code rankEvery} rounds. */
    Map<String, String> settings(int rankEvery) {
      Map<String, String> c = new LinkedHashMap<>();
      c.put(ScoringKeys.ORDER, this == OPIC ? "opic" : "pagerank");
      if (this != OPIC) {
        c.put(RankKeys.EVERY_ROUNDS, Integer.toString(rankEvery));
      }
      if (this == PAGERANK_HOSTS) {
        c.put(GeneratorKeys.MAX_COUNT_BY_RANK, "true");
      }
      return c;
    }

    /** The orders a comma-separated list names; a name no order has is a usage error. */
    static List<Order> parse(String list) throws UsageException {
      List<Order> orders = new ArrayList<>();
      for (String name : list.split(",")) {
        Order order = named(name.trim());
        if (orders.contains(order)) {
          throw new UsageException("--orders names " + order.label + " twice");
        }
        orders.add(order);
      }
      return orders;
    }

    private static Order named(String name) throws UsageException {
      for (Order o : values()) {
        if (o.label.equals(name)) {
          return o;
        }
      }
      List<String> labels = new ArrayList<>();
      for (Order o : values()) {
        labels.add(o.label);
      }
      throw new UsageException(
          "--orders takes a list of " + String.join(", ", labels) + ", not '" + name + "'");
    }
  }

  /** Words of its topic's vocabulary the focused crawl's topic file names: a user's keywords. */
  static final int TOPIC_FILE_WORDS = 8;

  /** The configuration of {@code --focus}: the topic scoring filter, then an unfocused one. */
  static final String FOCUSED = "focused";

  static final String UNFOCUSED = "unfocused";

  /** --focus TOPIC on a web of --topics K: the topic's index. */
  record Focus(int topic) {
    String name() {
      return WebTopics.name(topic);
    }
  }

  /**
   * On-topic pages among the distinct real pages fetched.
   *
   * @param onTopic distinct real pages fetched that are about the focus topic
   * @param pages distinct real pages fetched
   */
  record TopicHarvest(long onTopic, long pages) {
    double harvest() {
      return pages == 0 ? 0 : (double) onTopic / pages;
    }

    /** The harvest of {@code topic} in {@code requests} to {@code web}. */
    static TopicHarvest of(BroadWeb web, int topic, List<WebRequest> requests) {
      Set<Integer> pages = BroadScore.realPagesFetched(requests);
      long on = pages.stream().filter(id -> web.topicOfPage(id) == topic).count();
      return new TopicHarvest(on, pages.size());
    }
  }

  /** --topics and --focus, for bench's options. */
  static void addOptions(Options o) {
    o.addOption(SimWebCommand.topicsOption());
    o.addOption(
        Option.builder()
            .longOpt("focus")
            .hasArg()
            .argName("TOPIC")
            .desc(
                "--broad --topics K: crawl unfocused and focused on TOPIC (the topic scoring"
                    + " filter) side by side, with the topic's harvest")
            .build());
  }

  /** The --focus of {@code cmd}, or null; a topic the web does not have is a usage error. */
  static Focus focus(CommandLine cmd, Settings s) throws UsageException {
    String name = cmd.getOptionValue("focus");
    if (name == null) {
      return null;
    }
    if (!s.orders().isEmpty()) {
      throw new UsageException("--focus and --orders are two comparisons: run them one at a time");
    }
    int topic = WebTopics.named(name, s.shape().topics());
    if (topic < 0) {
      throw new UsageException(
          "--focus needs --topics K and one of its topics: "
              + String.join(", ", WebTopics.names(s.shape().topics())));
    }
    return new Focus(topic);
  }

  /**
   * One configuration's crawl: its score, wall and CPU seconds, rounds run, and the wall seconds of
   * its rank and hostrank steps (part of {@code seconds}), and where its PageRank mass fell short
   * of the best ({@link BroadGap}).
   */
  record Run(
      String name,
      BroadScore score,
      double seconds,
      double cpuSeconds,
      int rounds,
      TopicHarvest topic,
      double rankSeconds,
      RealPageRecall recall,
      BroadGap gap) {
    double pagesPerSecond() {
      return seconds <= 0 ? 0 : score.realPages() / seconds;
    }
  }

  private final Configuration baseConf;
  private final PrintStream out;
  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  BroadBench(Configuration conf, PrintStream out) {
    this.baseConf = conf;
    this.out = out;
  }

  /**
   * The configurations of {@code s}: the crawl's defaults (or one per order of --orders), then
   * features off if asked.
   */
  static Map<String, Map<String, String>> configurations(Settings s) {
    Map<String, Map<String, String>> configurations = new LinkedHashMap<>();
    if (s.orders().isEmpty()) {
      configurations.put("default", Map.of());
    }
    s.orders().forEach(o -> configurations.put(o.label, o.settings(s.rankEvery())));
    if (s.featuresOff()) {
      Map<String, String> off = new LinkedHashMap<>();
      FEATURE_SWITCHES.forEach(f -> off.put(f.key(), f.off()));
      configurations.put("features-off", off);
    }
    return configurations;
  }

  /**
   * With a focus: the crawl unfocused (the crawl's defaults) and focused on the topic of {@code
   * topicFile}.
   */
  static Map<String, Map<String, String>> configurations(Settings s, Focus focus, Path topicFile) {
    if (focus == null) {
      return configurations(s);
    }
    Map<String, Map<String, String>> configurations = new LinkedHashMap<>();
    configurations.put(UNFOCUSED, Map.of());
    configurations.put(
        FOCUSED,
        Map.of(ScoringKeys.FILTERS, "topic", ScoringKeys.TOPIC_FILE, topicFile.toString()));
    return configurations;
  }

  /** The lines of the focused crawl's topic file: the first words of the topic's vocabulary. */
  static List<String> topicFile(Focus focus) {
    List<String> lines = new ArrayList<>();
    lines.add("# bench --broad --focus " + focus.name() + ": a user's keywords");
    lines.addAll(WebTopics.vocabulary(focus.topic()).subList(0, TOPIC_FILE_WORDS));
    return lines;
  }

  List<Run> run(Settings s, Focus focus, Path dir) throws Exception {
    Path topicFile = dir.resolve("topic.txt");
    if (focus != null) {
      Files.createDirectories(dir);
      Files.write(topicFile, topicFile(focus));
    }
    List<Run> runs = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> c :
        configurations(s, focus, topicFile).entrySet()) {
      runs.add(crawl(s, focus, c.getKey(), c.getValue(), dir.resolve(c.getKey())));
    }
    return runs;
  }

  private Run crawl(Settings s, Focus focus, String name, Map<String, String> switches, Path dir)
      throws Exception {
    Files.createDirectories(dir.resolve("seeds"));
    try (WebServer server = WebServer.start(BroadWeb.build(s.shape(), 0), 4 * s.threads())) {
      BroadWeb web = server.web();
      Path resolve = dir.resolve("resolve.txt");
      Files.write(resolve, web.resolveLines());
      Files.write(dir.resolve("seeds").resolve("seeds.txt"), web.seeds());
      Configuration conf = new Configuration(baseConf);
      ServedAddresses.allow(conf, web.addresses(), "trawler bench --broad");
      conf.set(NetKeys.RESOLVE_FILE, resolve.toString());
      conf.set(PolitenessKeys.SERVER_DELAY, Double.toString(s.delaySeconds()));
      conf.setInt(ProtocolKeys.FETCHER_THREADS, s.threads());
      conf.setInt(GeneratorKeys.MAX_COUNT, s.maxPerHost());
      conf.setInt(FetcherKeys.PROGRESS_INTERVAL, 30);
      conf.setBoolean(Soft404Keys.PROBE, true); // off by default, a broad crawl's setting
      switches.forEach(conf::set);
      out.printf(
          "bench --broad [%s]: %d hosts on %d addresses, %d real pages, %d seeds; %d rounds of"
              + " topN %d%n",
          name,
          web.hosts().size(),
          web.addresses().size(),
          web.realPages(),
          web.seeds().size(),
          s.rounds(),
          s.topN());
      if (focus != null) {
        out.printf(
            "bench --broad [%s]: %d topics; %s: %d of %d real pages%n",
            name, s.shape().topics(), focus.name(), web.pagesAbout(focus.topic()), web.realPages());
      }
      long cpu0 = os.getProcessCpuTime();
      long t0 = System.nanoTime();
      CrawlDir crawl = new CrawlDir(new org.apache.hadoop.fs.Path(dir.resolve("crawl").toString()));
      Injector injector = new Injector();
      injector.setConf(new Configuration(conf));
      injector.inject(
          crawl.crawlDb(), new org.apache.hadoop.fs.Path(dir.resolve("seeds").toString()), false);
      CrawlRound round = new CrawlRound(conf, crawl, new Generator.Settings(s.topN(), 1, 0, false));
      int rounds = 0;
      List<Integer> roundEnds = new ArrayList<>();
      double[] rankSeconds = {0};
      CrawlRound.StepRunner ranks =
          (step, work) -> {
            long start = System.nanoTime();
            Map<String, Long> counters = work.run();
            if (step.equals(CrawlRound.RANK) || step.equals(CrawlRound.HOSTRANK)) {
              rankSeconds[0] += (System.nanoTime() - start) / 1e9;
            }
            return counters;
          };
      for (int n = 1; n <= s.rounds(); n++) {
        var result = round.run(n, ranks);
        if (result.isEmpty()) {
          out.println("bench --broad: round " + n + ": nothing due, stopping");
          break;
        }
        rounds = n;
        roundEnds.add(server.requests().size());
        out.println("bench --broad: round " + n + ": " + result.get().summary());
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
      BroadScore score = BroadScore.of(web, server.requests(), s.backoffSeconds() * 1000);
      writeRequests(server.requests(), dir.resolve(REQUESTS_FILE));
      RealPageRecall recall =
          recall(conf, crawl, web, BroadScore.realPagesFetched(server.requests()));
      printLost(name, recall, out);
      TopicHarvest topic =
          focus == null ? null : TopicHarvest.of(web, focus.topic(), server.requests());
      BroadGap gap = BroadGap.of(web, score, server.requests(), roundEnds, s.maxPerHost());
      return new Run(name, score, seconds, cpu, rounds, topic, rankSeconds[0], recall, gap);
    }
  }

  /** Lost real pages printed at most, for tracing: the count is in the figures. */
  static final int LOST_PRINTED = 20;

  /**
   * The recall of the crawl in {@code crawl}: which real pages of {@code web} not in {@code
   * fetched} wait in its crawldb (or on a host with URLs waiting there) and which are lost.
   */
  static RealPageRecall recall(
      Configuration conf, CrawlDir crawl, BroadWeb web, Set<Integer> fetched) throws Exception {
    List<String> missed = RealPageRecall.missedUrls(web, fetched);
    Set<String> wanted = new HashSet<>(missed);
    Map<String, CrawlStatus> statuses = new HashMap<>();
    Set<String> waitingHosts = new HashSet<>();
    PartFiles.read(
        conf,
        CrawlJob.crawlDbVersion(conf, crawl.crawlDb()),
        new Text(),
        new CrawlDatum(),
        (url, datum) -> {
          if (wanted.contains(url.toString())) {
            statuses.put(url.toString(), datum.getStatus());
          }
          if (datum.getStatus() == CrawlStatus.DB_UNFETCHED) {
            waitingHosts.add(URLParts.host(url.toString()));
          }
        });
    return RealPageRecall.of(missed, statuses, waitingHosts);
  }

  /** The first lost real pages with what the crawldb holds, to trace the rule that lost them. */
  static void printLost(String name, RealPageRecall recall, PrintStream out) {
    if (recall.lostCount() == 0) {
      return;
    }
    out.printf(
        "bench --broad [%s]: %d real pages lost %s, e.g.:%n",
        name, recall.lostCount(), recall.lostByStatus());
    recall.lost().stream().limit(LOST_PRINTED).forEach(l -> out.println("  " + l));
  }

  /**
   * Every request the server answered, one per line (ms, host, target, status, kind, page): what
   * the figures count, kept so that a URL fetched in vain can be traced to the rule that missed it.
   */
  static void writeRequests(List<WebRequest> requests, Path file) throws IOException {
    List<String> lines = new ArrayList<>(requests.size());
    for (WebRequest r : requests) {
      lines.add(
          r.atMillis()
              + "\t"
              + r.host()
              + "\t"
              + r.target()
              + "\t"
              + r.status()
              + "\t"
              + r.kind()
              + "\t"
              + r.page());
    }
    Files.write(file, lines);
  }

  /** The runs side by side, one row per figure. */
  static void print(List<Run> runs, long backoffSeconds, PrintStream out) {
    out.printf("%-28s", "bench --broad");
    runs.forEach(r -> out.printf(" %15s", r.name()));
    out.println();
    Map<String, List<Object>> rows = new LinkedHashMap<>();
    for (Run r : runs) {
      Map<String, Object> f = figures(r);
      f.forEach((k, v) -> rows.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
    }
    rows.forEach(
        (k, values) -> {
          out.printf("%-28s", k);
          values.forEach(v -> out.printf(" %15s", v));
          out.println();
        });
    out.println(
        "(re-asks: requests to a host within "
            + backoffSeconds
            + " s of its latest 429 or 503; CPU: this JVM, crawl and server)");
    out.println(
        "(gap, shares of the best mass: pageRankShareOfBest = 1 - gapLostToWaste - gapUndiscovered"
            + " - gapRefused - gapHostBackedOff - gapHostCap - gapRankedBelow + gapFetchedOutsideBest;"
            + " ceilingSameDiscovery: an order knowing every page's PageRank, same rounds, real"
            + " pages per round, host cap and discovery; bestKnownByRound: the best set's mass"
            + " known after each round)");
  }

  static Map<String, Object> figures(Run r) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("configuration", r.name());
    r.score()
        .figures()
        .forEach(
            (k, v) -> {
              f.put(k, v);
              if (k.equals("realPagesMissed")) {
                f.put("realPagesPending", r.recall().pending());
                f.put("realPagesPendingByReason", r.recall().pendingByReason());
                f.put("realPagesLost", r.recall().lostCount());
              }
            });
    f.putAll(r.gap().figures());
    if (r.topic() != null) {
      f.put("topicPages", r.topic().onTopic());
      f.put("topicHarvest", Math.round(r.topic().harvest() * 1000) / 1000.0);
    }
    f.put("rounds", r.rounds());
    f.put("seconds", Math.round(r.seconds() * 10) / 10.0);
    f.put("rankSeconds", Math.round(r.rankSeconds() * 10) / 10.0);
    f.put("pagesPerSecond", Math.round(r.pagesPerSecond() * 100) / 100.0);
    f.put("cpuSeconds", Math.round(r.cpuSeconds() * 10) / 10.0);
    return f;
  }

  static void writeJson(Settings s, List<Run> runs, long peakRss, Path json) throws IOException {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("profile", "web");
    fields.put("sites", s.shape().sites());
    fields.put("pages", s.shape().pages());
    fields.put("seed", s.shape().seed());
    fields.put("topics", s.shape().topics());
    fields.put("rounds", s.rounds());
    fields.put("topN", s.topN());
    fields.put("threads", s.threads());
    fields.put("delaySeconds", s.delaySeconds());
    fields.put("generateMaxCount", s.maxPerHost());
    fields.put("backoffSeconds", s.backoffSeconds());
    List<String> off = new ArrayList<>();
    FEATURE_SWITCHES.forEach(f -> off.add(f.key() + "=" + f.off()));
    fields.put("featuresOffSettings", off);
    fields.put("orders", s.orders().stream().map(o -> o.label).toList());
    fields.put("rankEveryRounds", s.rankEvery());
    List<Map<String, Object>> rows = new ArrayList<>();
    runs.forEach(r -> rows.add(figures(r)));
    BenchJson.write(json, "broad", fields, "configurations", rows, peakRss);
  }
}
