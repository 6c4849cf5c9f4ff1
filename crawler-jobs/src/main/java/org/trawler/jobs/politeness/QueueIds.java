package org.trawler.jobs.politeness;

import java.net.MalformedURLException;
import org.trawler.core.net.HostAddresses;
import org.trawler.core.net.HostGroup;
import org.trawler.core.net.URLParts;

/**
 * Names the politeness queue a URL belongs to: its host, registered domain or IP address
 * (fetcher.queue.mode), grouped as generate grouped the fetch list ({@link HostGroup}); http and
 * https of a host are one queue, as they are one server. One instance per thread.
 */
public final class QueueIds {
  private final HostGroup mode;
  private final HostAddresses addresses;

  public QueueIds(HostGroup mode) {
    this(mode, new HostAddresses());
  }

  public QueueIds(HostGroup mode, HostAddresses addresses) {
    this.mode = mode;
    this.addresses = addresses;
  }

  /** The queue id, e.g. {@code example.com}; a URL without a host is malformed. */
  public String queueIdFor(String url) throws MalformedURLException {
    String host = URLParts.host(url);
    if (host == null || host.isEmpty()) {
      throw new MalformedURLException("no host in " + url);
    }
    return mode.of(host, addresses);
  }
}
