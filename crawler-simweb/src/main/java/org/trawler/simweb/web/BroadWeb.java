package org.trawler.simweb.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A broad web of named hosts: registered domains {@code word-N.test} with a www host, a bare domain
 * that redirects to it, and on some a blog host and a mirror host; hosts of very different sizes
 * sharing loopback addresses four by four; a power-law link graph (a few hosts and pages get most
 * links) with cross-host links; pages at paths or at query URLs. Every trap of {@link HostTrait} is
 * on a share of the hosts, and {@link #classify} names what any requested URL is, so a crawl can be
 * judged from the server's side; {@link #pageRank} scores each real page. Deterministic from the
 * shape's seed. Immutable; {@link #onPort} gives the same web on another port.
 */
public final class BroadWeb {
  /** Damping of the PageRank, as in Brin and Page. */
  static final double DAMPING = 0.85;

  private static final String[] WORDS = {
    "amber", "harbor", "lantern", "meadow", "river", "stone", "garden", "market", "bridge",
    "winter", "island", "forest", "valley", "signal", "archive", "engine", "letter", "window",
    "anchor", "compass", "orchard", "village", "station", "journey", "thunder", "silver", "copper",
    "crystal", "beacon", "canvas", "ledger", "kettle", "pepper", "saddle", "timber", "velvet",
    "voyage", "quarry"
  };

  /** Hosts that share one loopback address, as virtual hosts share a server. */
  static final int HOSTS_PER_ADDRESS = 4;

  /** The share of content hosts with each trait when the seed draws them. */
  private static final Map<HostTrait, Double> TRAIT_SHARES = traitShares();

  private static final Pattern CALENDAR_PATH = Pattern.compile("/calendar/\\d{4}-\\d{2}/");
  private static final Pattern PAGE_PATH = Pattern.compile("/p/([1-9][0-9]{0,8})\\.html");
  private static final Pattern PAGE_ID = Pattern.compile("[1-9][0-9]{0,8}");

  /** The query parameters a tracking link carries. */
  static final List<String> TRACKING_PARAMS = List.of("utm_source", "utm_medium", "utm_campaign");

  static final String PRINT_PARAM = "print";

  /** What a requested URL is: its kind and, for a real page or a copy of one, its global id. */
  public record Visit(UrlKind kind, int page) {
    static Visit of(UrlKind kind) {
      return new Visit(kind, -1);
    }
  }

  private final WebShape shape;
  private final int port;
  private final List<WebHost> hosts;
  private final Map<String, Integer> byName;
  private final List<Integer> seedHosts;
  private final int[] hostOfPage;
  private final int[][] links;
  private final double[] pageRank;

  /** null: a web without topics. */
  private final WebTopics topics;

  private BroadWeb(
      WebShape shape,
      int port,
      List<WebHost> hosts,
      Map<String, Integer> byName,
      List<Integer> seedHosts,
      int[] hostOfPage,
      int[][] links,
      double[] pageRank,
      WebTopics topics) {
    this.shape = shape;
    this.port = port;
    this.hosts = hosts;
    this.byName = byName;
    this.seedHosts = seedHosts;
    this.hostOfPage = hostOfPage;
    this.links = links;
    this.pageRank = pageRank;
    this.topics = topics;
  }

  private static Map<HostTrait, Double> traitShares() {
    Map<HostTrait, Double> shares = new LinkedHashMap<>();
    shares.put(HostTrait.CALENDAR, 0.08);
    shares.put(HostTrait.REPEATING_PATH, 0.06);
    shares.put(HostTrait.VISIT_IDS, 0.06);
    shares.put(HostTrait.FACETS, 0.08);
    shares.put(HostTrait.MIRRORED, 0.06);
    shares.put(HostTrait.PRINT, 0.10);
    shares.put(HostTrait.TRACKING, 0.10);
    shares.put(HostTrait.SOFT_404, 0.10);
    shares.put(HostTrait.RATE_LIMITED, 0.08);
    shares.put(HostTrait.BUSY, 0.03);
    shares.put(HostTrait.SLOW, 0.04);
    shares.put(HostTrait.DISALLOWED, 0.10);
    return Collections.unmodifiableMap(shares);
  }

  /** The web of {@code shape}, its URLs on {@code port}. */
  public static BroadWeb build(WebShape shape, int port) {
    SplittableRandom rnd = new SplittableRandom(shape.seed());
    // Pass 1: the hosts of each site, their traits and roles; sizes come after.
    record Draft(String name, WebHost.Role role, int site, Set<HostTrait> traits) {}
    List<Draft> drafts = new ArrayList<>();
    for (int s = 0; s < shape.sites(); s++) {
      String domain = WORDS[s % WORDS.length] + "-" + s + ".test";
      Set<HostTrait> www = wwwTraits(shape, s, rnd);
      drafts.add(new Draft("www." + domain, WebHost.Role.CONTENT, s, www));
      drafts.add(new Draft(domain, WebHost.Role.BARE, s, Set.of()));
      if (rnd.nextDouble() < 0.25) {
        Set<HostTrait> blog = shape.wwwTraits().isEmpty() ? drawnTraits(rnd) : Set.of();
        drafts.add(new Draft("blog." + domain, WebHost.Role.CONTENT, s, blog));
      }
      if (www.contains(HostTrait.MIRRORED)) {
        drafts.add(new Draft("mirror." + domain, WebHost.Role.MIRROR, s, www));
      }
    }
    List<Integer> content = new ArrayList<>();
    for (int h = 0; h < drafts.size(); h++) {
      if (drafts.get(h).role() == WebHost.Role.CONTENT) {
        content.add(h);
      }
    }
    // Popularity rank of each content host: the popular ones are also the large ones.
    List<Integer> byRank = new ArrayList<>(content);
    shuffle(byRank, rnd);
    double[] weight = new double[drafts.size()];
    double sum = 0;
    for (int r = 0; r < byRank.size(); r++) {
      weight[byRank.get(r)] = 1 / Math.pow(r + 1, 0.9);
      sum += weight[byRank.get(r)];
    }
    int[] pages = new int[drafts.size()];
    int[] first = new int[drafts.size()];
    int total = 0;
    for (int h : content) {
      pages[h] = Math.max(3, (int) Math.round(shape.pages() * weight[h] / sum));
      first[h] = total;
      total += pages[h];
    }
    List<WebHost> hosts = new ArrayList<>(drafts.size());
    Map<String, Integer> byName = new HashMap<>();
    Map<Integer, Integer> wwwOfSite = new HashMap<>();
    for (int h = 0; h < drafts.size(); h++) {
      Draft d = drafts.get(h);
      if (d.name().startsWith("www.")) {
        wwwOfSite.put(d.site(), h);
      }
      int origin = d.role() == WebHost.Role.CONTENT ? h : wwwOfSite.get(d.site());
      hosts.add(
          new WebHost(
              h,
              d.name(),
              address(h / HOSTS_PER_ADDRESS),
              d.role(),
              origin,
              pages[h],
              first[h],
              d.role() == WebHost.Role.CONTENT && rnd.nextDouble() < 0.35,
              d.traits(),
              visitParam(rnd),
              WORDS[rnd.nextInt(WORDS.length)]));
      byName.put(d.name(), h);
    }
    // A mirror and a bare domain answer for their www host: its URL style too.
    for (int h = 0; h < hosts.size(); h++) {
      WebHost w = hosts.get(h);
      if (w.role() != WebHost.Role.CONTENT) {
        WebHost o = hosts.get(w.origin());
        hosts.set(
            h,
            new WebHost(
                h,
                w.name(),
                w.address(),
                w.role(),
                w.origin(),
                o.pages(),
                o.firstPage(),
                o.queryUrls(),
                w.traits(),
                o.visitParam(),
                o.repeatSegment()));
      }
    }
    int[] hostOfPage = new int[total];
    for (int h : content) {
      Arrays.fill(hostOfPage, first[h], first[h] + pages[h], h);
    }
    WebTopics topics = shape.topics() == 0 ? null : WebTopics.assign(shape.topics(), pages);
    int[][] links = links(shape, hosts, byRank, weight, wwwOfSite, hostOfPage, topics);
    List<Integer> seeds = new ArrayList<>();
    for (int r = 0; r < byRank.size() && seeds.size() < Math.max(1, byRank.size() / 10); r++) {
      seeds.add(byRank.get(r));
    }
    return new BroadWeb(
        shape,
        port,
        List.copyOf(hosts),
        Map.copyOf(byName),
        List.copyOf(seeds),
        hostOfPage,
        links,
        PageRank.of(links, DAMPING),
        topics);
  }

  private static Set<HostTrait> wwwTraits(WebShape shape, int site, SplittableRandom rnd) {
    if (shape.wwwTraits().isEmpty()) {
      return drawnTraits(rnd);
    }
    Set<HostTrait> t = shape.wwwTraits().get(site % shape.wwwTraits().size());
    return t.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(t));
  }

  private static Set<HostTrait> drawnTraits(SplittableRandom rnd) {
    EnumSet<HostTrait> traits = EnumSet.noneOf(HostTrait.class);
    TRAIT_SHARES.forEach(
        (trait, share) -> {
          if (rnd.nextDouble() < share) {
            traits.add(trait);
          }
        });
    return Collections.unmodifiableSet(traits);
  }

  private static <T> void shuffle(List<T> list, SplittableRandom rnd) {
    for (int i = list.size() - 1; i > 0; i--) {
      Collections.swap(list, i, rnd.nextInt(i + 1));
    }
  }

  /** A parameter name no list knows: a consonant-vowel word and a digit, e.g. "kevo7". */
  private static String visitParam(SplittableRandom rnd) {
    String consonants = "bdfgklmnprstvz";
    String vowels = "aeiou";
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 2; i++) {
      sb.append(consonants.charAt(rnd.nextInt(consonants.length())));
      sb.append(vowels.charAt(rnd.nextInt(vowels.length())));
    }
    return sb.append(rnd.nextInt(10)).toString();
  }

  /** The loopback address of address slot {@code a}: 127.77.0.1, 127.77.0.2, ... */
  static String address(int a) {
    return "127.77." + (a / 254) + "." + (a % 254 + 1);
  }

  /**
   * Every real page's links to real pages, by global id: the host's tree (page n links 2n+1 and
   * 2n+2, so every page is reachable from its home), 6 to 10 links drawn by popularity (Zipf over
   * pages, and over hosts for the 30 % that leave the host), a ring of www home pages (every site
   * is reachable) and the www home's link to the blog's.
   */
  private static int[][] links(
      WebShape shape,
      List<WebHost> hosts,
      List<Integer> byRank,
      double[] hostWeight,
      Map<Integer, Integer> wwwOfSite,
      int[] hostOfPage,
      WebTopics topics) {
    double[] hostCdf = new double[byRank.size()];
    double acc = 0;
    for (int r = 0; r < byRank.size(); r++) {
      acc += hostWeight[byRank.get(r)];
      hostCdf[r] = acc;
    }
    Map<Integer, double[]> pageCdfs = new HashMap<>();
    Map<Integer, Integer> siteOfWww = new HashMap<>();
    wwwOfSite.forEach((site, www) -> siteOfWww.put(www, site));
    Map<Integer, Integer> blogOfWww = new HashMap<>();
    for (WebHost h : hosts) {
      if (h.role() == WebHost.Role.CONTENT && h.name().startsWith("blog.")) {
        blogOfWww.put(wwwIndex(hosts, h), h.index());
      }
    }
    int[][] links = new int[hostOfPage.length][];
    for (int id = 0; id < hostOfPage.length; id++) {
      WebHost host = hosts.get(hostOfPage[id]);
      int n = id - host.firstPage();
      SplittableRandom rnd = new SplittableRandom(shape.seed() * 31 + id);
      List<Integer> targets = new ArrayList<>();
      for (int child = 2 * n + 1; child <= 2 * n + 2 && child < host.pages(); child++) {
        targets.add(host.firstPage() + child);
      }
      int drawn = 6 + rnd.nextInt(5);
      for (int i = 0; i < drawn; i++) {
        WebHost to = host;
        if (rnd.nextDouble() < 0.3) {
          to = hosts.get(byRank.get(draw(hostCdf, rnd)));
          if (topics != null && rnd.nextDouble() < WebTopics.SAME_TOPIC_LINKS) {
            // a link that leaves the host mostly stays in its topic: drawn again until it does
            for (int tries = 0;
                tries < 100 && topics.ofHost(to.index()) != topics.ofHost(host.index());
                tries++) {
              to = hosts.get(byRank.get(draw(hostCdf, rnd)));
            }
          }
        }
        double[] cdf = pageCdfs.computeIfAbsent(to.index(), h -> zipf(hosts.get(h).pages()));
        targets.add(to.firstPage() + draw(cdf, rnd));
      }
      if (n == 0 && host.name().startsWith("www.")) {
        int site = siteOfWww.get(host.index());
        int next = wwwOfSite.get((site + 1) % shape.sites());
        targets.add(hosts.get(next).firstPage());
        Integer blog = blogOfWww.get(host.index());
        if (blog != null) {
          targets.add(hosts.get(blog).firstPage());
        }
      }
      int self = id;
      links[id] =
          targets.stream().mapToInt(Integer::intValue).filter(t -> t != self).distinct().toArray();
    }
    return links;
  }

  private static int wwwIndex(List<WebHost> hosts, WebHost blog) {
    String www = "www." + blog.name().substring("blog.".length());
    for (WebHost h : hosts) {
      if (h.name().equals(www)) {
        return h.index();
      }
    }
    throw new IllegalStateException("no www host for " + blog.name());
  }

  /** Cumulative Zipf weights 1/(k+1)^1.3 over {@code n} items. */
  private static double[] zipf(int n) {
    double[] cdf = new double[n];
    double acc = 0;
    for (int k = 0; k < n; k++) {
      acc += 1.0 / Math.pow(k + 1, 1.3);
      cdf[k] = acc;
    }
    return cdf;
  }

  private static int draw(double[] cdf, SplittableRandom rnd) {
    double x = rnd.nextDouble() * cdf[cdf.length - 1];
    int i = Arrays.binarySearch(cdf, x);
    return Math.min(cdf.length - 1, i >= 0 ? i : -i - 1);
  }

  /** The same web with its URLs on {@code boundPort}. */
  public BroadWeb onPort(int boundPort) {
    return new BroadWeb(
        shape, boundPort, hosts, byName, seedHosts, hostOfPage, links, pageRank, topics);
  }

  public WebShape shape() {
    return shape;
  }

  public int port() {
    return port;
  }

  public List<WebHost> hosts() {
    return hosts;
  }

  /** The host of a Host header (any case, with or without the port), or null. */
  public WebHost host(String hostHeader) {
    if (hostHeader == null) {
      return null;
    }
    String name = hostHeader.trim().toLowerCase(Locale.ROOT);
    int colon = name.lastIndexOf(':');
    if (colon >= 0) {
      name = name.substring(0, colon);
    }
    Integer h = byName.get(name);
    return h == null ? null : hosts.get(h);
  }

  /** The distinct loopback addresses the hosts share, in order. */
  public List<String> addresses() {
    List<String> all = new ArrayList<>();
    for (WebHost h : hosts) {
      if (all.isEmpty() || !all.get(all.size() - 1).equals(h.address())) {
        all.add(h.address());
      }
    }
    return all;
  }

  /** Real pages over all hosts. */
  public int realPages() {
    return hostOfPage.length;
  }

  /** The host of real page {@code id}. */
  public WebHost hostOfPage(int id) {
    return hosts.get(hostOfPage[id]);
  }

  /** The topic of real page {@code id} ({@link WebTopics}), or -1 in a web without topics. */
  public int topicOfPage(int id) {
    return topics == null ? -1 : topics.ofHost(hostOfPage[id]);
  }

  /** How many real pages are about topic {@code t}. */
  public int pagesAbout(int t) {
    int n = 0;
    for (int id = 0; id < hostOfPage.length; id++) {
      n += topicOfPage(id) == t ? 1 : 0;
    }
    return n;
  }

  /** The URL of real page {@code id}. */
  public String url(int id) {
    WebHost h = hostOfPage(id);
    return url(h, h.pagePath(id - h.firstPage()));
  }

  /** {@code http://name:port} and the path. */
  public String url(WebHost host, String path) {
    return "http://" + host.name() + (port == 80 ? "" : ":" + port) + path;
  }

  /** The real pages real page {@code id} links, by global id. */
  public int[] links(int id) {
    return links[id].clone();
  }

  /** The PageRank of real page {@code id} over the graph of real pages; all of them sum to 1. */
  public double pageRank(int id) {
    return pageRank[id];
  }

  /** The largest PageRank mass {@code n} distinct real pages can have. */
  public double bestMass(int n) {
    double[] sorted = pageRank.clone();
    Arrays.sort(sorted);
    double mass = 0;
    for (int i = sorted.length - 1; i >= 0 && i >= sorted.length - n; i--) {
      mass += sorted[i];
    }
    return mass;
  }

  /** The seed URLs: the home pages of the most popular tenth of the content hosts. */
  public List<String> seeds() {
    List<String> urls = new ArrayList<>();
    for (int h : seedHosts) {
      urls.add(url(hosts.get(h), "/"));
    }
    return urls;
  }

  /** The real pages the seeds are: the home pages of {@link #seeds()}, by global id. */
  public List<Integer> seedPages() {
    List<Integer> ids = new ArrayList<>();
    for (int h : seedHosts) {
      ids.add(hosts.get(h).firstPage());
    }
    return ids;
  }

  /** The http.resolve value that pins every host name to its address. */
  public String resolveSetting() {
    List<String> pins = new ArrayList<>();
    for (WebHost h : hosts) {
      pins.add(h.name() + ":" + h.address());
    }
    return String.join(",", pins);
  }

  /** The lines of an http.resolve.file: {@code name address}. */
  public List<String> resolveLines() {
    List<String> lines = new ArrayList<>();
    for (WebHost h : hosts) {
      lines.add(h.name() + " " + h.address());
    }
    return lines;
  }

  /** How many content hosts have {@code trait}. */
  public long hostsWith(HostTrait trait) {
    return hosts.stream().filter(h -> h.role() == WebHost.Role.CONTENT && h.has(trait)).count();
  }

  /**
   * What the request for {@code target} (path and query, as sent) on the host named by {@code
   * hostHeader} is.
   */
  public Visit classify(String hostHeader, String target) {
    WebHost host = host(hostHeader);
    if (host == null) {
      return Visit.of(UrlKind.UNKNOWN_HOST);
    }
    if (target.equals("/robots.txt")) {
      return Visit.of(UrlKind.ROBOTS_TXT);
    }
    if (target.equals("/.well-known/tdmrep.json")) {
      return Visit.of(UrlKind.TDMREP_JSON);
    }
    if (host.role() == WebHost.Role.BARE) {
      return Visit.of(UrlKind.REDIRECT);
    }
    int q = target.indexOf('?');
    String path = q < 0 ? target : target.substring(0, q);
    Map<String, String> params = query(q < 0 ? "" : target.substring(q + 1));
    if (host.has(HostTrait.DISALLOWED) && path.startsWith("/private/")) {
      return Visit.of(UrlKind.DISALLOWED);
    }
    if (host.has(HostTrait.CALENDAR) && CALENDAR_PATH.matcher(path).matches()) {
      return Visit.of(UrlKind.TRAP);
    }
    if (host.has(HostTrait.REPEATING_PATH) && path.contains("/" + host.repeatSegment() + "/")) {
      return Visit.of(UrlKind.TRAP);
    }
    if (host.has(HostTrait.FACETS) && path.equals("/list")) {
      return Visit.of(UrlKind.TRAP);
    }
    boolean copy = host.role() == WebHost.Role.MIRROR;
    if (host.has(HostTrait.VISIT_IDS) && params.remove(host.visitParam()) != null) {
      copy = true;
    }
    if (host.has(HostTrait.PRINT) && "1".equals(params.get(PRINT_PARAM))) {
      params.remove(PRINT_PARAM);
      copy = true;
    }
    if (host.has(HostTrait.TRACKING)) {
      for (String p : TRACKING_PARAMS) {
        copy |= params.remove(p) != null;
      }
    }
    int n = pageNumber(host, path, params);
    if (n >= 0 && n < host.pages()) {
      return new Visit(copy ? UrlKind.DUPLICATE : UrlKind.REAL, host.firstPage() + n);
    }
    return Visit.of(host.has(HostTrait.SOFT_404) ? UrlKind.SOFT_404 : UrlKind.DEAD);
  }

  /** The page number a path and what is left of its query name, or -1 (beyond the host too). */
  private static int pageNumber(WebHost host, String path, Map<String, String> params) {
    if (path.equals("/") && params.isEmpty()) {
      return 0;
    }
    if (host.queryUrls()) {
      String id = params.get("id");
      if (path.equals("/item")
          && params.size() == 1
          && id != null
          && PAGE_ID.matcher(id).matches()) {
        return Integer.parseInt(id);
      }
      return -1;
    }
    Matcher m = PAGE_PATH.matcher(path);
    return m.matches() && params.isEmpty() ? Integer.parseInt(m.group(1)) : -1;
  }

  /** Parameters of a query in order; a repeated name keeps its first value, "a" alone is "". */
  static Map<String, String> query(String query) {
    Map<String, String> params = new LinkedHashMap<>();
    if (query.isEmpty()) {
      return params;
    }
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      params.putIfAbsent(
          eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
    }
    return params;
  }
}
