package org.trawler.index.solr;

import org.trawler.core.conf.Secrets;
import org.trawler.core.protocol.http.RemoteCredentials;

/**
 * Configuration keys of the Solr index writer ({@code indexer.writers=solr}), with their defaults.
 */
public final class SolrKeys {
  /**
   * The collection's or core's URL, e.g. http://localhost:8983/solr/crawl; for SolrCloud the
   * collection's URL on one or more nodes, comma-separated (a node routes updates to the shard
   * leaders; the writer moves on to the next URL when one fails).
   */
  public static final String SERVER_URL = "solr.server.url";

  public static final String DEFAULT_SERVER_URL = "";

  /**
   * Instead of solr.server.url: SolrCloud's ZooKeeper ensemble with Solr's chroot, e.g.
   * zk1:2181,zk2:2181/solr; the writer sends to solr.collection on the live nodes it names.
   */
  public static final String ZOOKEEPER_HOSTS = "solr.zookeeper.hosts";

  public static final String DEFAULT_ZOOKEEPER_HOSTS = "";

  /** The SolrCloud collection to index into, with solr.zookeeper.hosts. */
  public static final String COLLECTION = "solr.collection";

  public static final String DEFAULT_COLLECTION = "";

  /**
   * Ask the first URL's node for the SolrCloud nodes holding the collection (CLUSTERSTATUS) and
   * move on to them when the configured URLs fail. Off by default: behind a load balancer the
   * nodes' own addresses may not be reachable from the tasks.
   */
  public static final String CLOUD_DISCOVER = "solr.cloud.discover";

  public static final boolean DEFAULT_CLOUD_DISCOVER = false;

  /** Documents and deletes sent to Solr in one update request. */
  public static final String COMMIT_SIZE = "solr.commit.size";

  public static final int DEFAULT_COMMIT_SIZE = 1000;

  /** Retries of a request that failed with a 5xx answer, a timeout or a refused connection. */
  public static final String MAX_RETRIES = "solr.max.retries";

  public static final int DEFAULT_MAX_RETRIES = 3;

  /** Wait before the first retry, in milliseconds; it doubles with each further retry. */
  public static final String RETRY_BACKOFF = "solr.retry.backoff.ms";

  public static final long DEFAULT_RETRY_BACKOFF = 1000;

  /** Connect and read timeout of a request to Solr, in milliseconds. */
  public static final String TIMEOUT = "solr.timeout.ms";

  public static final int DEFAULT_TIMEOUT = 60000;

  /**
   * A keystore file (a Hadoop path) whose certificates an https:// Solr is trusted by, besides the
   * JDK's CAs; empty = the JDK's trust store only. Host names are always checked.
   */
  public static final String TLS_TRUSTSTORE = "solr.tls.truststore";

  public static final String DEFAULT_TLS_TRUSTSTORE = "";

  /** The keystore type of solr.tls.truststore: PKCS12 or JKS. */
  public static final String TLS_TRUSTSTORE_TYPE = "solr.tls.truststore.type";

  public static final String DEFAULT_TLS_TRUSTSTORE_TYPE = "PKCS12";

  /**
   * The password of solr.tls.truststore: a secret, from the credential provider (alias
   * solr.tls.truststore.password) or the owner-only file of its .file key, never a setting.
   */
  public static final String TLS_TRUSTSTORE_PASSWORD = "solr.tls.truststore.password";

  /** The owner-only file holding solr.tls.truststore.password. */
  public static final String TLS_TRUSTSTORE_PASSWORD_FILE =
      TLS_TRUSTSTORE_PASSWORD + Secrets.FILE_SUFFIX;

  /** The user of Solr's basic authentication; empty = none. */
  public static final String AUTH_USER = "solr.auth.user";

  public static final String DEFAULT_AUTH_USER = "";

  /**
   * solr.auth.user's password: a secret, from Hadoop's credential provider (alias
   * solr.auth.password) or the owner-only file solr.auth.password.file, never a setting.
   */
  public static final String AUTH_PASSWORD = "solr.auth.password";

  /** The owner-only file holding solr.auth.password. */
  public static final String AUTH_PASSWORD_FILE = AUTH_PASSWORD + Secrets.FILE_SUFFIX;

  /**
   * A bearer token (a JWT, for Solr's JWTAuthPlugin) instead of basic authentication: a secret,
   * from the credential provider (alias solr.auth.token) or the owner-only file
   * solr.auth.token.file.
   */
  public static final String AUTH_TOKEN = "solr.auth.token";

  /** The owner-only file holding solr.auth.token. */
  public static final String AUTH_TOKEN_FILE = AUTH_TOKEN + Secrets.FILE_SUFFIX;

  /**
   * Lets the credentials go over plain http:// (a loopback or trusted network); without it an
   * http:// URL with credentials is refused, and discovered nodes get none over http.
   */
  public static final String AUTH_ALLOW_INSECURE = "solr.auth.allow.insecure";

  /** The authentication keys above, for {@link RemoteCredentials}. */
  public static final RemoteCredentials.Keys CREDENTIALS =
      new RemoteCredentials.Keys(
          AUTH_USER,
          DEFAULT_AUTH_USER,
          AUTH_PASSWORD,
          AUTH_PASSWORD_FILE,
          AUTH_TOKEN,
          "Bearer",
          "a bearer token",
          AUTH_ALLOW_INSECURE);

  private SolrKeys() {}
}
