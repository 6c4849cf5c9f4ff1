package org.trawler.core.protocol.http;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import org.trawler.core.protocol.RobotsRules;

/**
 * robots.txt rules per host: the first thread to ask for a host fetches them, the others wait for
 * that one answer, and everyone after gets it from memory.
 */
final class RobotsCache {
  private final ConcurrentMap<String, CompletableFuture<RobotsRules>> rulesByHost =
      new ConcurrentHashMap<>();
  private final Function<String, RobotsRules> fetcher;

  /**
   * @param fetcher fetches the rules of a host key (scheme://host[:port])
   */
  RobotsCache(Function<String, RobotsRules> fetcher) {
    this.fetcher = fetcher;
  }

  RobotsRules get(String hostKey) {
    CompletableFuture<RobotsRules> mine = new CompletableFuture<>();
    CompletableFuture<RobotsRules> earlier = rulesByHost.putIfAbsent(hostKey, mine);
    if (earlier != null) {
      return earlier.join();
    }
    try {
      mine.complete(fetcher.apply(hostKey));
    } catch (RuntimeException | Error e) {
      // A bug, not a robots.txt answer: let the next caller try again, and show it to this one.
      rulesByHost.remove(hostKey, mine);
      mine.completeExceptionally(e);
      throw e;
    }
    return mine.join();
  }

  int size() {
    return rulesByHost.size();
  }
}
