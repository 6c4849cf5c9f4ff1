package org.trawler.core.protocol.http;

import java.util.List;
import java.util.Locale;
import org.apache.hc.client5.http.impl.DefaultSchemePortResolver;
import org.apache.hc.client5.http.impl.routing.DefaultRoutePlanner;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.protocol.HttpContext;

/**
 * Routes every request through http.proxy.host except to the hosts of http.proxy.exception.list: an
 * entry matches its host exactly, and ".example.com" or "*.example.com" match the subdomains too.
 */
final class ProxyRoutePlanner extends DefaultRoutePlanner {
  private final HttpHost proxy;
  private final List<String> exceptions;

  ProxyRoutePlanner(HttpHost proxy, List<String> exceptions) {
    super(DefaultSchemePortResolver.INSTANCE);
    this.proxy = proxy;
    this.exceptions = exceptions;
  }

  @Override
  protected HttpHost determineProxy(HttpHost target, HttpContext context) {
    return usesProxy(target.getHostName()) ? proxy : null;
  }

  boolean usesProxy(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    for (String exception : exceptions) {
      String suffix = exception.startsWith("*.") ? exception.substring(1) : exception;
      if (h.equals(exception)
          || suffix.startsWith(".") && (h.endsWith(suffix) || h.equals(suffix.substring(1)))) {
        return false;
      }
    }
    return true;
  }
}
