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
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.protocol.ProtocolKeys;

/**
 * The certificate authorities a crawl trusts: the JDK's own and, with http.tls.truststore, those of
 * a keystore file (an intranet's or a test's CA) besides. Host names are still verified.
 */
final class TrustedCertificates {
  private TrustedCertificates() {}

  /**
   * An SSL context trusting the JDK's CAs and the certificate entries of the keystore at {@code
   * path} (a Hadoop path: the default file system unless it names one, so every task of a cluster
   * reads the same file).
   *
   * @throws BadSettingException when the file cannot be read, the type or password is wrong, or it
   *     holds no certificate
   */
  static SSLContext withTrustStore(Configuration conf, String path, String type, String password) {
    KeyStore merged = jdkCertificates();
    KeyStore store = load(conf, path, type, password);
    int added = 0;
    try {
      for (String alias : Collections.list(store.aliases())) {
        if (store.isCertificateEntry(alias)) {
          merged.setCertificateEntry("truststore-" + alias, store.getCertificate(alias));
          added++;
        }
      }
    } catch (GeneralSecurityException e) {
      throw new BadSettingException(ProtocolKeys.TLS_TRUSTSTORE, path + ": " + e.getMessage(), e);
    }
    if (added == 0) {
      throw new BadSettingException(
          ProtocolKeys.TLS_TRUSTSTORE,
          path
              + " holds no trusted certificate (import the CA with keytool -importcert"
              + (password.isEmpty()
                  ? "; or is " + ProtocolKeys.TLS_TRUSTSTORE_PASSWORD + " needed?)"
                  : ")"));
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
  private static KeyStore load(Configuration conf, String path, String type, String password) {
    KeyStore store;
    try {
      store = KeyStore.getInstance(type);
    } catch (GeneralSecurityException e) {
      throw new BadSettingException(
          ProtocolKeys.TLS_TRUSTSTORE_TYPE, "'" + type + "' is not a keystore type (PKCS12, JKS)");
    }
    Path file = new Path(path);
    try (InputStream in = file.getFileSystem(conf).open(file)) {
      store.load(in, password.isEmpty() ? null : password.toCharArray());
      return store;
    } catch (FileNotFoundException e) {
      throw new BadSettingException(ProtocolKeys.TLS_TRUSTSTORE, path + " does not exist", e);
    } catch (IOException e) {
      if (e.getCause() instanceof UnrecoverableKeyException) {
        throw new BadSettingException(
            ProtocolKeys.TLS_TRUSTSTORE_PASSWORD, "wrong password for " + path, e);
      }
      throw unreadable(path, type, e);
    } catch (GeneralSecurityException e) {
      throw unreadable(path, type, e);
    }
  }

  private static BadSettingException unreadable(String path, String type, Exception e) {
    return new BadSettingException(
        ProtocolKeys.TLS_TRUSTSTORE,
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
}
