package org.trawler.jobs.hostdb;

import java.util.Map;
import java.util.Set;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.net.normalize.LearnedParamsURLNormalizer;

/**
 * What the crawl learnt about hosts, as generate, the sitemap job, the fetcher and updatedb read it
 * (DESIGN §13): the view of the hostdb a task builds once in setup() ({@link HostKnowledgeReader})
 * and hands to whoever asks about a host, the URL normalizers included. It holds only the hosts
 * that have something to say: failing or backed-off hosts, learned irrelevant parameters, trap
 * templates with their budgets, soft-404 probe answers.
 */
public final class HostKnowledge {
  /** Knows nothing: no host is watched, every host is due a probe, no URL is changed. */
  public static final HostKnowledge NONE = of(Map.of(), Map.of(), Map.of());

  private final Map<String, HostDatum> watched;
  private final Map<String, Map<String, Integer>> traps;
  private final LearnedParamsURLNormalizer learned;
  private final Map<String, HostDatum> probes;
  private final Map<String, Float> centrality;
  private final float maxCentrality;
  private final Map<String, String> mirrors;
  private final WwwTwins wwwTwins;

  /**
   * @param watched host → its failed rounds and backoff (a failing or backed-off host)
   * @param traps host → trap template → its budget this round
   * @param learnedParams host → the parameters learned irrelevant there
   * @param probes host → its soft-404 probe answer
   * @param centrality host → its harmonic centrality (hostrank)
   * @param mirrors host → the host it mirrors
   * @param wwwTwins the names held back for their www. host
   */
  HostKnowledge(
      Map<String, HostDatum> watched,
      Map<String, Map<String, Integer>> traps,
      Map<String, Set<String>> learnedParams,
      Map<String, HostDatum> probes,
      Map<String, Float> centrality,
      Map<String, String> mirrors,
      WwwTwins wwwTwins) {
    this.mirrors = mirrors;
    this.wwwTwins = wwwTwins;
    this.watched = watched;
    this.traps = traps;
    this.learned = LearnedParamsURLNormalizer.of(learnedParams);
    this.probes = probes;
    this.centrality = centrality;
    float max = 0;
    for (float c : centrality.values()) {
      max = Math.max(max, c);
    }
    this.maxCentrality = max;
  }

  /** A view knowing only the hosts' harmonic centrality (hostrank), host → its centrality. */
  public static HostKnowledge ofCentrality(Map<String, Float> centrality) {
    return new HostKnowledge(
        Map.of(), Map.of(), Map.of(), Map.of(), centrality, Map.of(), WwwTwins.NONE);
  }

  /**
   * A view holding these facts and no probe answers.
   *
   * @param watched host → its failed rounds and backoff (a failing or backed-off host)
   * @param traps host → trap template → its budget this round
   * @param learnedParams host → the parameters learned irrelevant there
   */
  public static HostKnowledge of(
      Map<String, HostDatum> watched,
      Map<String, Map<String, Integer>> traps,
      Map<String, Set<String>> learnedParams) {
    return of(watched, traps, learnedParams, Map.of(), WwwTwins.NONE);
  }

  /**
   * A view holding these facts, mirrors and the names held back for their www. host too, and no
   * probe answers.
   *
   * @param mirrors host → the host it mirrors
   */
  public static HostKnowledge of(
      Map<String, HostDatum> watched,
      Map<String, Map<String, Integer>> traps,
      Map<String, Set<String>> learnedParams,
      Map<String, String> mirrors,
      WwwTwins wwwTwins) {
    return new HostKnowledge(watched, traps, learnedParams, Map.of(), Map.of(), mirrors, wwwTwins);
  }

  /**
   * Whether it knows nothing generate acts on: no watched host, no trap, no learned parameter, no
   * mirror, no name held back for its www. host.
   */
  public boolean isEmpty() {
    return watched.isEmpty()
        && traps.isEmpty()
        && learned.learned().isEmpty()
        && mirrors.isEmpty()
        && wwwTwins.isEmpty();
  }

  /** The names whose URLs wait for their www. host's ({@link WwwTwins}). */
  public WwwTwins wwwTwins() {
    return wwwTwins;
  }

  /** The host {@code host} was learned to mirror, or null when it mirrors none. */
  public String mirrorOf(String host) {
    return host == null ? null : mirrors.get(host);
  }

  /** The host's failed rounds and backoff when it failed a round or was backed off, else null. */
  public HostDatum watched(String host) {
    return host == null ? null : watched.get(host);
  }

  /** The host's own delay between requests, ms (slowed after 429/503); 0 = the configured one. */
  public int paceMillis(String host) {
    HostDatum h = watched(host);
    return h == null ? 0 : h.getPaceMillis();
  }

  /** When the host's backoff after 429/503 ends, ms epoch; 0 when it has none. */
  public long backoffUntil(String host) {
    HostDatum h = watched(host);
    return h == null ? 0 : h.getBackoffUntil();
  }

  /** The failing, backed-off or slowed hosts. */
  public Set<String> watchedHosts() {
    return watched.keySet();
  }

  /** The host's trap templates with their budgets this round, or null when it has none. */
  public Map<String, Integer> trapBudgets(String host) {
    return host == null ? null : traps.get(host);
  }

  /**
   * The normalizer dropping the parameters learned irrelevant on each host, built once for the
   * task: handed to the task's URL normalizers in place of one reading the hostdb again.
   */
  public LearnedParamsURLNormalizer learnedParams() {
    return learned;
  }

  /** The host's kept probe (only its soft-404 fields are set), or null when never probed. */
  public HostDatum probeOf(String host) {
    return host == null ? null : probes.get(host);
  }

  /**
   * The host's harmonic centrality (hostrank), 0 when not ranked; read only for a job that asked
   * ({@link HostKnowledgeReader#readRank}).
   */
  public float centrality(String host) {
    return host == null ? 0 : centrality.getOrDefault(host, 0f);
  }

  /** The highest harmonic centrality of any host; 0 when none is known. */
  public float maxCentrality() {
    return maxCentrality;
  }

  /** Hosts with a kept probe. */
  public int probedHosts() {
    return probes.size();
  }
}
