package org.trawler.index.solr;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.apache.hadoop.conf.Configuration;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.message.BasicHeader;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Secrets;

/**
 * Who the writer is to a secured Solr: basic authentication (solr.auth.user and its password) or a
 * bearer token, sent preemptively on every request, so every node of the cluster (configured,
 * discovered or read from ZooKeeper) gets it. The secrets come through {@link Secrets}, never from
 * the configuration; {@link #toString} names the user, never the secret.
 */
final class SolrCredentials {
  private static final SolrCredentials NONE = new SolrCredentials(null, "no credentials");

  private final Header authorization;
  private final String who;

  private SolrCredentials(Header authorization, String who) {
    this.authorization = authorization;
    this.who = who;
  }

  /** The configured credentials, or none. */
  static SolrCredentials read(Configuration conf) {
    String user = conf.getTrimmed(SolrKeys.AUTH_USER, SolrKeys.DEFAULT_AUTH_USER);
    char[] password = Secrets.secret(conf, SolrKeys.AUTH_PASSWORD);
    char[] token = Secrets.secret(conf, SolrKeys.AUTH_TOKEN);
    try {
      if (token != null && (!user.isEmpty() || password != null)) {
        throw new BadSettingException(
            SolrKeys.AUTH_TOKEN,
            "given with basic authentication ("
                + SolrKeys.AUTH_USER
                + "); give a user and password or a token");
      }
      if (token != null) {
        return new SolrCredentials(
            new BasicHeader(HttpHeaders.AUTHORIZATION, "Bearer " + new String(token)),
            "a bearer token");
      }
      if (user.isEmpty() && password == null) {
        return NONE;
      }
      if (user.isEmpty()) {
        throw new BadSettingException(
            SolrKeys.AUTH_USER, "not set, but " + SolrKeys.AUTH_PASSWORD + " is given");
      }
      if (password == null) {
        throw new BadSettingException(
            SolrKeys.AUTH_PASSWORD,
            "not given for "
                + SolrKeys.AUTH_USER
                + "="
                + user
                + "; store it in a credential provider or in the owner-only file "
                + SolrKeys.AUTH_PASSWORD_FILE
                + " names");
      }
      return new SolrCredentials(
          new BasicHeader(HttpHeaders.AUTHORIZATION, "Basic " + basic(user, password)),
          "user '" + user + "'");
    } finally {
      wipe(password);
      wipe(token);
    }
  }

  /** The Authorization header every request carries, or null without credentials. */
  Header authorization() {
    return authorization;
  }

  /** "user 'alice'", "a bearer token" or "no credentials": for messages. */
  @Override
  public String toString() {
    return who;
  }

  /** base64(user:password), as RFC 7617 has it, in UTF-8. */
  private static String basic(String user, char[] password) {
    CharBuffer chars = CharBuffer.allocate(user.length() + 1 + password.length);
    chars.put(user).put(':').put(password).flip();
    ByteBuffer bytes = StandardCharsets.UTF_8.encode(chars);
    byte[] raw = Arrays.copyOfRange(bytes.array(), bytes.position(), bytes.limit());
    String encoded = Base64.getEncoder().encodeToString(raw);
    Arrays.fill(raw, (byte) 0);
    Arrays.fill(bytes.array(), (byte) 0);
    Arrays.fill(chars.array(), '\0');
    return encoded;
  }

  private static void wipe(char[] secret) {
    if (secret != null) {
      Arrays.fill(secret, '\0');
    }
  }
}
