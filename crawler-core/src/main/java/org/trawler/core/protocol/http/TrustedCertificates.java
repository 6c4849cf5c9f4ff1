package org.trawler.core.protocol.http;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Collections;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Secrets;

/**
 * The certificate authorities a client trusts: the JDK's own and, with a truststore setting
 * (http.tls.truststore for the crawl, solr.tls.truststore for the Solr writer...), those of a
 * keystore file (an intranet's or a test's CA) besides, host names verified; or, for
 * http.tls.trust.all only, every certificate ({@link #trustingAll}).
 */
public final class TrustedCertificates {
  private TrustedCertificates() {}

  /**
   * The names of a truststore's settings: its path, its keystore type (with the type's default) and
   * its password (a secret like any other, read with {@link Secrets#secret}: a credential provider
   * or an owner-only file; a plain setting would be in job.xml, and whoever knows it may replace
   * the CAs of a truststore others can write).
   */
  public record Keys(String path, String type, String defaultType, String password) {}

  /**
   * An SSL context trusting the JDK's CAs and the certificate entries of the keystore {@code
   * keys.path()} names (a Hadoop path: the default file system unless it names one, so every task
   * of a cluster reads the same file), or null when that setting is empty.
   *
   * @throws BadSettingException when the file cannot be read, the type or password is wrong, it
   *     holds no certificate, or the password is given as a plain setting
   */
  public static SSLContext fromSettings(Configuration conf, Keys keys) {
    Secrets.refuseInConfiguration(conf, keys.password()); // without a truststore too: job.xml
    String path = conf.getTrimmed(keys.path(), "");
    if (path.isEmpty()) {
      return null;
    }
    String type = conf.getTrimmed(keys.type(), keys.defaultType());
    char[] secret = Secrets.secret(conf, keys.password());
    String password = secret == null ? "" : new String(secret);
    return withTrustStore(conf, keys, path, type, password);
  }

  private static SSLContext withTrustStore(
      Configuration conf, Keys keys, String path, String type, String password) {
    KeyStore merged = jdkCertificates();
    KeyStore store = load(conf, keys, path, type, password);
    int added = 0;
    try {
      for (String alias : Collections.list(store.aliases())) {
        if (store.isCertificateEntry(alias)) {
          merged.setCertificateEntry("truststore-" + alias, store.getCertificate(alias));
          added++;
        }
      }
    } catch (GeneralSecurityException e) {
      throw new BadSettingException(keys.path(), path + ": " + e.getMessage(), e);
    }
    if (added == 0) {
      throw new BadSettingException(
          keys.path(),
          path
              + " holds no trusted certificate (import the CA with keytool -importcert"
              + (password.isEmpty() ? "; or is " + keys.password() + " needed?)" : ")"));
    }
    try {
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(merged);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, factory.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot set up TLS", e);
    }
  }

  /** The keystore file, read through its file system. */
  private static KeyStore load(
      Configuration conf, Keys keys, String path, String type, String password) {
    KeyStore store;
    try {
      store = KeyStore.getInstance(type);
    } catch (GeneralSecurityException e) {
      throw new BadSettingException(
          keys.type(), "'" + type + "' is not a keystore type (PKCS12, JKS)");
    }
    Path file = new Path(path);
    try (InputStream in = file.getFileSystem(conf).open(file)) {
      store.load(in, password.isEmpty() ? null : password.toCharArray());
      return store;
    } catch (FileNotFoundException e) {
      throw new BadSettingException(keys.path(), path + " does not exist", e);
    } catch (IOException e) {
      if (e.getCause() instanceof UnrecoverableKeyException) {
        throw new BadSettingException(keys.password(), "wrong password for " + path, e);
      }
      throw unreadable(keys, path, type, e);
    } catch (GeneralSecurityException e) {
      throw unreadable(keys, path, type, e);
    }
  }

  private static BadSettingException unreadable(Keys keys, String path, String type, Exception e) {
    return new BadSettingException(
        keys.path(),
        "cannot read "
            + path
            + " as a "
            + type
            + " keystore ("
            + e.getMessage()
            + "); a PEM certificate goes into one with keytool -importcert",
        e);
  }

  /**
   * A new in-memory keystore holding the CAs the JDK trusts by default (its cacerts, or
   * javax.net.ssl.trustStore when set).
   */
  private static KeyStore jdkCertificates() {
    try {
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init((KeyStore) null);
      KeyStore merged = KeyStore.getInstance(KeyStore.getDefaultType());
      merged.load(null, null);
      int n = 0;
      for (TrustManager manager : factory.getTrustManagers()) {
        if (manager instanceof X509TrustManager) {
          for (X509Certificate ca : ((X509TrustManager) manager).getAcceptedIssuers()) {
            merged.setCertificateEntry("jdk-" + n++, (Certificate) ca);
          }
        }
      }
      return merged;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException("cannot read the JDK's trusted certificates", e);
    }
  }

  /**
   * An SSL context accepting every certificate (http.tls.trust.all); the caller also turns host
   * name verification off.
   */
  public static SSLContext trustingAll() {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {new TrustAll()}, null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot set up TLS", e);
    }
  }

  /**
   * http.tls.trust.all: every certificate is accepted (the extended form keeps the JDK from
   * checking names).
   */
  private static final class TrustAll extends X509ExtendedTrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkClientTrusted(
        X509Certificate[] chain, String authType, java.net.Socket socket) {}

    @Override
    public void checkServerTrusted(
        X509Certificate[] chain, String authType, java.net.Socket socket) {}

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
