package org.trawler.core.protocol.http;

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
 * Who a remote writer is to its server: basic authentication (a user and its password) or a token
 * (a bearer token for Solr, an API key for OpenSearch), sent preemptively on every request, so
 * every node of a cluster gets it. The secrets come through {@link Secrets}, never from the
 * configuration; {@link #toString} names the user, never the secret.
 */
public final class RemoteCredentials {

  /**
   * The keys of one writer: its user, password and token, and how its token is sent.
   *
   * @param tokenScheme the Authorization scheme of the token ("Bearer", "ApiKey")
   * @param tokenName what the token is called in messages ("a bearer token", "an API key")
   */
  public record Keys(
      String user,
      String defaultUser,
      String password,
      String passwordFile,
      String token,
      String tokenScheme,
      String tokenName) {}

  private static final RemoteCredentials NONE = new RemoteCredentials(null, "no credentials");

  private final Header authorization;
  private final String who;

  private RemoteCredentials(Header authorization, String who) {
    this.authorization = authorization;
    this.who = who;
  }

  /** The configured credentials, or none. */
  public static RemoteCredentials read(Configuration conf, Keys keys) {
    String user = conf.getTrimmed(keys.user(), keys.defaultUser());
    char[] password = Secrets.secret(conf, keys.password());
    char[] token = Secrets.secret(conf, keys.token());
    try {
      if (token != null && (!user.isEmpty() || password != null)) {
        throw new BadSettingException(
            keys.token(),
            "given with basic authentication ("
                + keys.user()
                + "); give a user and password or "
                + keys.tokenName());
      }
      if (token != null) {
        return new RemoteCredentials(
            new BasicHeader(
                HttpHeaders.AUTHORIZATION, keys.tokenScheme() + " " + new String(token)),
            keys.tokenName());
      }
      if (user.isEmpty() && password == null) {
        return NONE;
      }
      if (user.isEmpty()) {
        throw new BadSettingException(keys.user(), "not set, but " + keys.password() + " is given");
      }
      if (password == null) {
        throw new BadSettingException(
            keys.password(),
            "not given for "
                + keys.user()
                + "="
                + user
                + "; store it in a credential provider or in the owner-only file "
                + keys.passwordFile()
                + " names");
      }
      return new RemoteCredentials(
          new BasicHeader(HttpHeaders.AUTHORIZATION, "Basic " + basic(user, password)),
          "user '" + user + "'");
    } finally {
      wipe(password);
      wipe(token);
    }
  }

  /** The Authorization header every request carries, or null without credentials. */
  public Header authorization() {
    return authorization;
  }

  /** "user 'alice'", the token's name or "no credentials": for messages. */
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
