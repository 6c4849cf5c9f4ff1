package org.trawler.index.opensearch;

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
 * Who the writer is to a secured cluster: basic authentication (opensearch.auth.user and its
 * password) or an API key, sent preemptively on every request to every node. The secrets come
 * through {@link Secrets}, never from the configuration; {@link #toString} names the user, never
 * the secret.
 */
final class OpenSearchCredentials {
  private static final OpenSearchCredentials NONE =
      new OpenSearchCredentials(null, "no credentials");

  private final Header authorization;
  private final String who;

  private OpenSearchCredentials(Header authorization, String who) {
    this.authorization = authorization;
    this.who = who;
  }

  /** The configured credentials, or none. */
  static OpenSearchCredentials read(Configuration conf) {
    String user = conf.getTrimmed(OpenSearchKeys.AUTH_USER, OpenSearchKeys.DEFAULT_AUTH_USER);
    char[] password = Secrets.secret(conf, OpenSearchKeys.AUTH_PASSWORD);
    char[] apiKey = Secrets.secret(conf, OpenSearchKeys.AUTH_API_KEY);
    try {
      if (apiKey != null && (!user.isEmpty() || password != null)) {
        throw new BadSettingException(
            OpenSearchKeys.AUTH_API_KEY,
            "given with basic authentication ("
                + OpenSearchKeys.AUTH_USER
                + "); give a user and password or an API key");
      }
      if (apiKey != null) {
        return new OpenSearchCredentials(
            new BasicHeader(HttpHeaders.AUTHORIZATION, "ApiKey " + new String(apiKey)),
            "an API key");
      }
      if (user.isEmpty() && password == null) {
        return NONE;
      }
      if (user.isEmpty()) {
        throw new BadSettingException(
            OpenSearchKeys.AUTH_USER, "not set, but " + OpenSearchKeys.AUTH_PASSWORD + " is given");
      }
      if (password == null) {
        throw new BadSettingException(
            OpenSearchKeys.AUTH_PASSWORD,
            "not given for "
                + OpenSearchKeys.AUTH_USER
                + "="
                + user
                + "; store it in a credential provider or in the owner-only file "
                + OpenSearchKeys.AUTH_PASSWORD_FILE
                + " names");
      }
      return new OpenSearchCredentials(
          new BasicHeader(HttpHeaders.AUTHORIZATION, "Basic " + basic(user, password)),
          "user '" + user + "'");
    } finally {
      wipe(password);
      wipe(apiKey);
    }
  }

  /** The Authorization header every request carries, or null without credentials. */
  Header authorization() {
    return authorization;
  }

  /** "user 'alice'", "an API key" or "no credentials": for messages. */
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
