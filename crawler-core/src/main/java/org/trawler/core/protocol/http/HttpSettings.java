package org.trawler.core.protocol.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLContext;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.net.PinnedNames;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.RobotsRules;

/** Everything {@link HttpProtocol} reads from the configuration, read once. */
final class HttpSettings {
  /** Stands for "no limit" in http.content.limit: the largest array the JVM can make. */
  static final int UNLIMITED = Integer.MAX_VALUE - 8;

  final String userAgent;
  final String accept;
  final String acceptLanguage;
  final int timeoutMillis;
  final long deadlineMillis;
  final int contentLimit;

  /** The limit of a body announced as a document (not HTML, XHTML or text), or untyped. */
  final int documentContentLimit;

  final int redirectMax;

  /**
   * Bytes kept of a body whose Content-Type is {@code contentType} (null when absent): pages (HTML,
   * XHTML, text) keep http.content.limit; documents, which cannot be read when cut, and untyped
   * bodies (a PDF served without a type) keep http.content.limit.documents.
   */
  BodyLimit bodyLimit() {
    return new BodyLimit(contentLimit, documentContentLimit);
  }

  /** Cap on a server's Retry-After, or -1 for none. */
  final long maxRetryAfterMillis;

  final String proxyHost;
  final int proxyPort;
  final List<String> proxyExceptions;
  final AddressPolicy addressPolicy;
  final PinnedNames pinnedNames;
  final boolean trustAllCertificates;

  /** The JDK's CAs and those of http.tls.truststore, or null for the JDK's only. */
  final SSLContext trustStore;

  final int maxConnectionsPerRoute;
  final int maxConnectionsTotal;
  final boolean recordTranscript;

  private static final TrustedCertificates.Keys TRUST_STORE =
      new TrustedCertificates.Keys(
          ProtocolKeys.TLS_TRUSTSTORE,
          ProtocolKeys.TLS_TRUSTSTORE_TYPE,
          ProtocolKeys.DEFAULT_TLS_TRUSTSTORE_TYPE,
          ProtocolKeys.TLS_TRUSTSTORE_PASSWORD);

  HttpSettings(Configuration conf) {
    String agentName = conf.getTrimmed(ProtocolKeys.AGENT_NAME, ProtocolKeys.DEFAULT_AGENT_NAME);
    userAgent =
        userAgent(
            agentName,
            conf.getTrimmed(ProtocolKeys.AGENT_URL, ""),
            conf.getTrimmed(ProtocolKeys.AGENT_EMAIL, ""));
    accept = conf.getTrimmed(ProtocolKeys.ACCEPT, ProtocolKeys.DEFAULT_ACCEPT);
    acceptLanguage =
        conf.getTrimmed(ProtocolKeys.ACCEPT_LANGUAGE, ProtocolKeys.DEFAULT_ACCEPT_LANGUAGE);
    timeoutMillis =
        Math.max(1, Settings.getInt(conf, ProtocolKeys.TIMEOUT, ProtocolKeys.DEFAULT_TIMEOUT));
    deadlineMillis =
        Math.max(
            1,
            Settings.getLong(
                conf, ProtocolKeys.REQUEST_DEADLINE, ProtocolKeys.DEFAULT_REQUEST_DEADLINE));
    int limit =
        Settings.getInt(conf, ProtocolKeys.CONTENT_LIMIT, ProtocolKeys.DEFAULT_CONTENT_LIMIT);
    contentLimit = limit < 0 ? UNLIMITED : limit;
    int documentLimit =
        Settings.getInt(
            conf,
            ProtocolKeys.CONTENT_LIMIT_DOCUMENTS,
            ProtocolKeys.DEFAULT_CONTENT_LIMIT_DOCUMENTS);
    documentContentLimit = Math.max(contentLimit, documentLimit < 0 ? UNLIMITED : documentLimit);
    redirectMax =
        Math.max(
            0, Settings.getInt(conf, ProtocolKeys.REDIRECT_MAX, ProtocolKeys.DEFAULT_REDIRECT_MAX));
    maxRetryAfterMillis = RobotsRules.maxCrawlDelayMillis(conf);
    proxyHost = conf.getTrimmed(ProtocolKeys.PROXY_HOST, "").toLowerCase(Locale.ROOT);
    proxyPort = Settings.getInt(conf, ProtocolKeys.PROXY_PORT, ProtocolKeys.DEFAULT_PROXY_PORT);
    proxyExceptions = lowerCaseList(conf.getTrimmed(ProtocolKeys.PROXY_EXCEPTION_LIST, ""));
    addressPolicy = AddressPolicy.fromSettings(conf);
    pinnedNames = PinnedNames.fromSettings(conf);
    trustAllCertificates =
        conf.getBoolean(ProtocolKeys.TLS_TRUST_ALL, ProtocolKeys.DEFAULT_TLS_TRUST_ALL);
    trustStore = trustAllCertificates ? null : TrustedCertificates.fromSettings(conf, TRUST_STORE);
    recordTranscript =
        conf.getBoolean(ProtocolKeys.STORE_HTTP_HEADERS, ProtocolKeys.DEFAULT_STORE_HTTP_HEADERS);
    int threads =
        Math.max(
            1,
            Settings.getInt(
                conf, ProtocolKeys.FETCHER_THREADS, ProtocolKeys.DEFAULT_FETCHER_THREADS));
    int threadsPerQueue =
        Math.max(
            1,
            Settings.getInt(
                conf,
                ProtocolKeys.FETCHER_THREADS_PER_QUEUE,
                ProtocolKeys.DEFAULT_FETCHER_THREADS_PER_QUEUE));
    // One more per route than the fetcher admits, for the host's robots.txt request.
    maxConnectionsPerRoute = threadsPerQueue + 1;
    maxConnectionsTotal = Math.max(threads, threadsPerQueue) + threads;
  }

  /** {@code name (+url; email)}, with only the parts that are set. */
  static String userAgent(String name, String url, String email) {
    List<String> contact = new ArrayList<>();
    if (!url.isEmpty()) {
      contact.add("+" + url);
    }
    if (!email.isEmpty()) {
      contact.add(email);
    }
    return contact.isEmpty() ? name : name + " (" + String.join("; ", contact) + ")";
  }

  boolean hasProxy() {
    return !proxyHost.isEmpty();
  }

  private static List<String> lowerCaseList(String commaSeparated) {
    List<String> items = new ArrayList<>();
    for (String item : commaSeparated.split(",")) {
      if (!item.trim().isEmpty()) {
        items.add(item.trim().toLowerCase(Locale.ROOT));
      }
    }
    return items;
  }
}
