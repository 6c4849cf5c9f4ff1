package org.trawler.simweb.web;

import java.util.List;
import java.util.Set;

/**
 * The size and manners of a {@link BroadWeb}.
 *
 * @param sites registered domains; each has a www host and a bare domain, some a blog host and a
 *     mirror host (about 2.3 hosts a site)
 * @param pages real pages over all content hosts, about (each has at least 3)
 * @param seed everything else follows from it
 * @param gapMs a rate-limited or busy host's minimum gap between two answered requests
 * @param retryAfterSeconds the Retry-After of a busy host's 503
 * @param slowMs the extra delay of a slow host's answers
 * @param wwwTraits when not empty, the traits of site i's www host are wwwTraits[i % size] and no
 *     host has others (a web whose every trap a test chooses); empty: drawn from the seed
 * @param topics 0: pages about nothing in particular (the default web); K: each content host and
 *     its pages are about one of K topics ({@link WebTopics}), and links mostly stay in a topic
 */
public record WebShape(
    int sites,
    int pages,
    long seed,
    int gapMs,
    int retryAfterSeconds,
    int slowMs,
    List<Set<HostTrait>> wwwTraits,
    int topics) {

  /** About 400 hosts and 9 000 real pages: the shape of the broad crawl. */
  public static final WebShape DEFAULT = new WebShape(175, 9000, 1, 2000, 5, 1500, List.of());

  public WebShape {
    if (topics < 0 || topics > WebTopics.MAX) {
      throw new IllegalArgumentException("--topics must be from 0 to " + WebTopics.MAX);
    }
    if (sites < 1 || pages < 1 || gapMs < 0 || retryAfterSeconds < 0 || slowMs < 0) {
      throw new IllegalArgumentException(
          "a web needs at least 1 site and 1 page; gap, Retry-After and delay not negative");
    }
    wwwTraits = List.copyOf(wwwTraits);
  }

  /** A shape without topics. */
  public WebShape(
      int sites,
      int pages,
      long seed,
      int gapMs,
      int retryAfterSeconds,
      int slowMs,
      List<Set<HostTrait>> wwwTraits) {
    this(sites, pages, seed, gapMs, retryAfterSeconds, slowMs, wwwTraits, 0);
  }

  /** The same shape whose pages are about one of {@code k} topics (0: none). */
  public WebShape withTopics(int k) {
    return new WebShape(sites, pages, seed, gapMs, retryAfterSeconds, slowMs, wwwTraits, k);
  }

  /** The same shape with {@code sites} sites of about {@code pages} real pages in all. */
  public WebShape sized(int sites, int pages) {
    return new WebShape(sites, pages, seed, gapMs, retryAfterSeconds, slowMs, wwwTraits, topics);
  }

  public WebShape seeded(long seed) {
    return new WebShape(sites, pages, seed, gapMs, retryAfterSeconds, slowMs, wwwTraits, topics);
  }

  /** The same shape whose www hosts have the given traits, in turn, and no host any other. */
  public WebShape withWwwTraits(List<Set<HostTrait>> traits) {
    return new WebShape(sites, pages, seed, gapMs, retryAfterSeconds, slowMs, traits, topics);
  }
}
