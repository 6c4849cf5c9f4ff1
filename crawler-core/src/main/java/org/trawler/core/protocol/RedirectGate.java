package org.trawler.core.protocol;

/**
 * Asked by a {@link Protocol} before each redirect hop it follows inline: the fetcher answers once
 * the hop's request may start (its host's delay passed) or refuses it, and the redirect is then the
 * fetch's outcome, followed in a later round.
 */
@FunctionalInterface
public interface RedirectGate {
  /** Follows every hop at once (a single fetch outside a crawl's queues). */
  RedirectGate FOLLOW = target -> true;

  /** Returns when a request to {@code target} may start: true, or false to not follow it. */
  boolean mayFollow(String target);
}
