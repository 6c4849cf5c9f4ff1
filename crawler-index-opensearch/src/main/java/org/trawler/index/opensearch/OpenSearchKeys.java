package org.trawler.index.opensearch;

import org.trawler.core.conf.Secrets;
import org.trawler.core.protocol.http.RemoteCredentials;
import org.trawler.core.protocol.http.TrustedCertificates;

/**
 * Configuration keys of the OpenSearch index writer ({@code indexer.writers=opensearch}), with
 * their defaults.
 */
public final class OpenSearchKeys {
  /**
   * The cluster's nodes, comma-separated http(s) URLs, e.g. https://os1:9200,https://os2:9200; a
   * request that finds one node dead goes to the next.
   */
  public static final String HOSTS = "opensearch.hosts";

  public static final String DEFAULT_HOSTS = "";

  /** The index (or alias) the documents go into. */
  public static final String INDEX = "opensearch.index";

  public static final String DEFAULT_INDEX = "trawler";

  /** Adds and deletes sent in one bulk request, at most. */
  public static final String BULK_DOCS = "opensearch.bulk.docs";

  public static final int DEFAULT_BULK_DOCS = 500;

  /** A bulk request is sent once its documents reach this many bytes (as JSON), at most. */
  public static final String BULK_BYTES = "opensearch.bulk.bytes";

  public static final long DEFAULT_BULK_BYTES = 5L << 20;

  /** Bulk requests a task has in flight at once. */
  public static final String BULK_CONCURRENT = "opensearch.bulk.concurrent";

  public static final int DEFAULT_BULK_CONCURRENT = 1;

  /**
   * Retries of a bulk request, or of its items, that failed with 429 (the cluster is busy), a 5xx
   * answer or no answer; an item rejected for another reason (a mapping error) is not retried.
   */
  public static final String MAX_RETRIES = "opensearch.max.retries";

  public static final int DEFAULT_MAX_RETRIES = 5;

  /** Wait before the first retry, in milliseconds; it doubles with each further retry. */
  public static final String RETRY_BACKOFF = "opensearch.retry.backoff.ms";

  public static final long DEFAULT_RETRY_BACKOFF = 1000;

  /** Connect and response timeout of a request, in milliseconds. */
  public static final String TIMEOUT = "opensearch.timeout.ms";

  public static final int DEFAULT_TIMEOUT = 60000;

  /** Basic authentication's user; its password is the secret opensearch.auth.password. */
  public static final String AUTH_USER = "opensearch.auth.user";

  public static final String DEFAULT_AUTH_USER = "";

  /** Basic authentication's password: a secret (credential provider or owner-only file). */
  public static final String AUTH_PASSWORD = "opensearch.auth.password";

  /** The owner-only file holding opensearch.auth.password. */
  public static final String AUTH_PASSWORD_FILE = AUTH_PASSWORD + Secrets.FILE_SUFFIX;

  /** An API key (base64 of id:key, as the cluster gives it): a secret, instead of a user. */
  public static final String AUTH_API_KEY = "opensearch.auth.apikey";

  /** The owner-only file holding opensearch.auth.apikey. */
  public static final String AUTH_API_KEY_FILE = AUTH_API_KEY + Secrets.FILE_SUFFIX;

  /**
   * Lets the credentials go over plain http:// (a loopback or trusted network); without it an
   * http:// URL with credentials is refused, and discovered nodes get none over http.
   */
  public static final String AUTH_ALLOW_INSECURE = "opensearch.auth.allow.insecure";

  /** The authentication keys above, for {@link RemoteCredentials}. */
  public static final RemoteCredentials.Keys CREDENTIALS =
      new RemoteCredentials.Keys(
          AUTH_USER,
          DEFAULT_AUTH_USER,
          AUTH_PASSWORD,
          AUTH_PASSWORD_FILE,
          AUTH_API_KEY,
          "ApiKey",
          "an API key",
          AUTH_ALLOW_INSECURE);

  /**
   * A keystore file (a Hadoop path) of CAs an https:// cluster is trusted by, besides the JDK's.
   */
  public static final String TLS_TRUSTSTORE = "opensearch.tls.truststore";

  public static final String DEFAULT_TLS_TRUSTSTORE = "";

  /** The keystore type of opensearch.tls.truststore: PKCS12 or JKS. */
  public static final String TLS_TRUSTSTORE_TYPE = "opensearch.tls.truststore.type";

  public static final String DEFAULT_TLS_TRUSTSTORE_TYPE = "PKCS12";

  /**
   * The truststore's password: a secret, from the credential provider (alias
   * opensearch.tls.truststore.password) or the owner-only file of its .file key, never a setting.
   */
  public static final String TLS_TRUSTSTORE_PASSWORD = "opensearch.tls.truststore.password";

  /** The owner-only file holding opensearch.tls.truststore.password. */
  public static final String TLS_TRUSTSTORE_PASSWORD_FILE =
      TLS_TRUSTSTORE_PASSWORD + Secrets.FILE_SUFFIX;

  /** The truststore's keys, as TrustedCertificates reads them. */
  static final TrustedCertificates.Keys TRUSTSTORE =
      new TrustedCertificates.Keys(
          TLS_TRUSTSTORE,
          TLS_TRUSTSTORE_TYPE,
          DEFAULT_TLS_TRUSTSTORE_TYPE,
          TLS_TRUSTSTORE_PASSWORD);

  /** The index template installed when opensearch.index does not exist: a classpath resource. */
  public static final String TEMPLATE = "opensearch.template";

  public static final String DEFAULT_TEMPLATE = "opensearch/index-template.json";

  private OpenSearchKeys() {}
}
