package org.trawler.core.protocol.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
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
 * configuration; {@link #toString} names the user, never the secret. They are sent over https only,
 * unless {@code <writer>.auth.allow.insecure=true} (a loopback or otherwise trusted network): over
 * plain http anyone on the path reads them. An endpoint URL holding credentials itself ({@code
 * user:password@host}) is refused: it would be logged and shown in job.xml.
 */
public final class RemoteCredentials {

  /**
   * The keys of one writer: its user, password and token, and how its token is sent.
   *
   * @param tokenScheme the Authorization scheme of the token ("Bearer", "ApiKey")
   * @param tokenName what the token is called in messages ("a bearer token", "an API key")
   * @param allowInsecure the key that lets the credentials go over plain http
   */
  public record Keys(
      String user,
      String defaultUser,
      String password,
      String passwordFile,
      String token,
      String tokenScheme,
      String tokenName,
      String allowInsecure) {}

  private final Header authorization;
  private final String who;
  private final Keys keys;
  private final boolean allowInsecure;

  private RemoteCredentials(Header authorization, String who, Keys keys, boolean allowInsecure) {
    this.authorization = authorization;
    this.who = who;
    this.keys = keys;
    this.allowInsecure = allowInsecure;
  }

  /** The configured credentials, or none. */
  public static RemoteCredentials read(Configuration conf, Keys keys) {
    boolean insecure = conf.getBoolean(keys.allowInsecure(), false);
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
            keys.tokenName(),
            keys,
            insecure);
      }
      if (user.isEmpty() && password == null) {
        return new RemoteCredentials(null, "no credentials", keys, insecure);
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
          "user '" + user + "'",
          keys,
          insecure);
    } finally {
      wipe(password);
      wipe(token);
    }
  }

  /**
   * Refuses the endpoint {@code url} (of setting {@code key}) when it holds credentials itself, or
   * when these credentials would go to it over plain http without {@code allowInsecure}: one line
   * naming the key, never the password.
   */
  public void checkEndpoint(String key, String url) {
    refuseUserInfo(key, url);
    if (!mayBeSentTo(url)) {
      throw new BadSettingException(
          key,
          url
              + " is plain http: the credentials ("
              + who
              + ") would cross the network readable by anyone on the path; use"
              + " https, or set "
              + keys.allowInsecure()
              + "=true for a loopback or trusted network");
    }
  }

  /** Whether the credentials may be sent to {@code url}: https, none to send, or allowed. */
  public boolean mayBeSentTo(String url) {
    return authorization == null
        || allowInsecure
        || url.toLowerCase(Locale.ROOT).startsWith("https://");
  }

  /**
   * Refuses {@code url} (of setting {@code key}) when it holds {@code user:password@}: the message
   * shows it with that part cut out.
   */
  private void refuseUserInfo(String key, String url) {
    String userInfo;
    try {
      userInfo = new URI(url.trim()).getRawUserInfo();
    } catch (URISyntaxException e) {
      int at = url.indexOf('@');
      int scheme = url.indexOf("://");
      userInfo = at > scheme && scheme >= 0 ? url.substring(scheme + 3, at) : null;
    }
    if (userInfo != null) {
      throw new BadSettingException(
          key,
          "'"
              + url.replace(userInfo + "@", "")
              + "' with a user and password in it (user:password@, left out here) is refused:"
              + " a URL is logged and shown in job.xml; give the user with "
              + keys.user()
              + " and the password in the owner-only file "
              + keys.passwordFile()
              + " names, or a credential provider");
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
