package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIMatcher;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.StandardConstants;
import org.apache.hadoop.conf.Configuration;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Secrets;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;

/**
 * HTTPS with a self-signed certificate: refused by default (tls_error), fetched with
 * http.tls.trust.all; with a certificate of a CA that http.tls.truststore names: fetched, but only
 * for the names it was issued to; each host's name goes in the handshake's SNI.
 */
public class HttpProtocolTlsTest {
  @ClassRule public static final TemporaryFolder TEMP = new TemporaryFolder();

  private static LoopbackHttpServer server;

  /** A server whose certificate a test CA signed; its truststore holds that CA. */
  private static LoopbackHttpServer signedServer;

  private static File trustStore;

  @BeforeClass
  public static void startServer() throws Exception {
    SSLContext selfSigned = TestCertificates.selfSigned(TEMP.getRoot());
    server = LoopbackHttpServer.startHttps("127.0.0.1", selfSigned);
    server.on("/secure", LoopbackHttpServer.text(200, "text/html", "<html>secret</html>"));
    server.on(
        "/robots.txt", LoopbackHttpServer.text(200, "text/plain", "User-agent: *\nDisallow: /x\n"));
    TestCertificates.SignedServer signed = TestCertificates.signedByTestCa(TEMP.newFolder());
    trustStore = signed.trustStore();
    signedServer = LoopbackHttpServer.startHttps("127.0.0.1", signed.serverContext());
    signedServer.on("/page", LoopbackHttpServer.text(200, "text/html", "<html>signed</html>"));
  }

  @AfterClass
  public static void stopServer() {
    server.close();
    signedServer.close();
  }

  private static Configuration trusting(File store) throws IOException {
    Configuration conf = ShortTimeouts.conf();
    conf.set(ProtocolKeys.TLS_TRUSTSTORE, store.getPath());
    conf.set(PASSWORD_FILE, passwordFile(TestCertificates.PASSWORD).getPath());
    return conf;
  }

  /** The truststore's password is a secret: it comes in an owner-only file, as a user gives it. */
  private static final String PASSWORD_FILE =
      ProtocolKeys.TLS_TRUSTSTORE_PASSWORD + Secrets.FILE_SUFFIX;

  private static File passwordFile(String password) throws IOException {
    File file = TEMP.newFile();
    Files.writeString(file.toPath(), password + "\n");
    Files.setPosixFilePermissions(file.toPath(), PosixFilePermissions.fromString("rw-------"));
    return file;
  }

  @Test
  public void aCertificateOfACaInTheTrustStoreFetches() throws IOException {
    try (HttpProtocol protocol = new HttpProtocol(trusting(trustStore))) {
      ProtocolOutput out = protocol.fetch(signedServer.url("/page"), 0);
      assertEquals(out.toString(), CrawlStatus.FETCH_SUCCESS, out.getStatus());
      assertEquals("<html>signed</html>", new String(out.getContent().getContent()));
    }
  }

  @Test
  public void withoutTheTrustStoreTheSameServerIsTlsError() {
    try (HttpProtocol protocol = new HttpProtocol(ShortTimeouts.conf())) {
      ProtocolOutput out = protocol.fetch(signedServer.url("/page"), 0);
      assertEquals(out.toString(), CrawlStatus.FETCH_GONE, out.getStatus());
      assertEquals(out.toString(), "tls_error", out.getReasonName());
    }
  }

  @Test
  public void aTrustedCertificateForAnotherNameIsStillTlsError() throws IOException {
    // The certificate names 127.0.0.1; the request names another host.
    try (HttpProtocol protocol =
        new HttpProtocol(trusting(trustStore), new FakeDns().map("other-name.test", "127.0.0.1"))) {
      ProtocolOutput out =
          protocol.fetch("https://other-name.test:" + signedServer.port() + "/page", 0);
      assertEquals(out.toString(), CrawlStatus.FETCH_GONE, out.getStatus());
      assertEquals(out.toString(), "tls_error", out.getReasonName());
    }
  }

  @Test
  public void theTrustStoreAddsToTheJdkCasAndDoesNotTrustOthers() throws IOException {
    // The self-signed server's certificate is in neither.
    try (HttpProtocol protocol = new HttpProtocol(trusting(trustStore))) {
      ProtocolOutput out = protocol.fetch(server.url("/secure"), 0);
      assertEquals(out.toString(), "tls_error", out.getReasonName());
    }
  }

  @Test
  public void aTrustStoreThatCannotBeUsedIsABadSettingNamingItsKey() throws IOException {
    File missing = new File(TEMP.getRoot(), "missing.p12");
    assertBadSetting(
        ProtocolKeys.TLS_TRUSTSTORE, missing.getPath() + " does not exist", trusting(missing));

    Configuration wrongPassword = trusting(trustStore);
    wrongPassword.set(PASSWORD_FILE, passwordFile("wrong").getPath());
    assertBadSetting(
        ProtocolKeys.TLS_TRUSTSTORE_PASSWORD, "wrong password for " + trustStore, wrongPassword);

    Configuration badType = trusting(trustStore);
    badType.set(ProtocolKeys.TLS_TRUSTSTORE_TYPE, "PEM");
    assertBadSetting(ProtocolKeys.TLS_TRUSTSTORE_TYPE, "'PEM' is not a keystore type", badType);

    File notAStore = TEMP.newFile("ca.txt");
    Files.writeString(notAStore.toPath(), "not a keystore\n");
    assertBadSetting(
        ProtocolKeys.TLS_TRUSTSTORE,
        "cannot read " + notAStore + " as a PKCS12",
        trusting(notAStore));

    Configuration noPassword = trusting(trustStore);
    noPassword.unset(PASSWORD_FILE);
    assertBadSetting(ProtocolKeys.TLS_TRUSTSTORE, "holds no trusted certificate", noPassword);
  }

  @Test
  public void aTrustStorePasswordGivenAsASettingIsRefusedWithoutShowingIt() throws IOException {
    Configuration plain = trusting(trustStore);
    plain.unset(PASSWORD_FILE);
    plain.set(ProtocolKeys.TLS_TRUSTSTORE_PASSWORD, TestCertificates.PASSWORD);
    assertBadSetting(
        ProtocolKeys.TLS_TRUSTSTORE_PASSWORD,
        "a secret is not taken from the configuration (job.xml would show it",
        plain);
    // job.xml shows it whether or not a truststore is named
    Configuration withoutStore = ShortTimeouts.conf();
    withoutStore.set(ProtocolKeys.TLS_TRUSTSTORE_PASSWORD, TestCertificates.PASSWORD);
    assertBadSetting(
        ProtocolKeys.TLS_TRUSTSTORE_PASSWORD,
        "a secret is not taken from the configuration",
        withoutStore);
  }

  private static void assertBadSetting(String key, String message, Configuration conf) {
    try {
      new HttpProtocol(conf).close();
      fail("expected a bad setting of " + key);
    } catch (BadSettingException e) {
      assertEquals(e.getMessage(), key, e.key());
      assertTrue(e.getMessage(), e.getMessage().startsWith(key + ": "));
      assertTrue(e.getMessage(), e.getMessage().contains(message));
      assertFalse(e.getMessage(), e.getMessage().contains("\n"));
      assertFalse(e.getMessage(), e.getMessage().contains(TestCertificates.PASSWORD));
    }
  }

  @Test
  public void aSelfSignedCertificateIsGoneWithTlsError() {
    try (HttpProtocol protocol = new HttpProtocol(ShortTimeouts.conf())) {
      ProtocolOutput out = protocol.fetch(server.url("/secure"), 0);
      assertEquals(out.toString(), CrawlStatus.FETCH_GONE, out.getStatus());
      assertEquals(out.toString(), "tls_error", out.getReasonName());
    }
  }

  @Test
  public void trustAllFetchesFromASelfSignedServer() {
    Configuration conf = ShortTimeouts.conf();
    conf.setBoolean(ProtocolKeys.TLS_TRUST_ALL, true);
    try (HttpProtocol protocol = new HttpProtocol(conf)) {
      ProtocolOutput out = protocol.fetch(server.url("/secure"), 0);
      assertEquals(out.toString(), CrawlStatus.FETCH_SUCCESS, out.getStatus());
      assertEquals("<html>secret</html>", new String(out.getContent().getContent()));
      assertEquals(false, Robots.rules(protocol, server.url("/x/y")).isAllowed(server.url("/x/y")));
    }
  }

  @Test
  public void trustAllSkipsHostNameVerification() throws IOException {
    Configuration conf = ShortTimeouts.conf();
    conf.setBoolean(ProtocolKeys.TLS_TRUST_ALL, true);
    // The certificate names 127.0.0.1; the request names another host.
    try (HttpProtocol protocol =
        new HttpProtocol(conf, new FakeDns().map("other-name.test", "127.0.0.1"))) {
      ProtocolOutput out =
          protocol.fetch("https://other-name.test:" + server.port() + "/secure", 0);
      assertEquals(out.toString(), CrawlStatus.FETCH_SUCCESS, out.getStatus());
    }
  }

  @Test
  public void sniNamesTheHostOfEachRequest() throws Exception {
    SSLContext selfSigned = TestCertificates.selfSigned(TEMP.newFolder());
    List<String> names = new CopyOnWriteArrayList<>();
    try (SSLServerSocket listener =
        (SSLServerSocket)
            selfSigned
                .getServerSocketFactory()
                .createServerSocket(0, 10, InetAddress.getByName("127.0.0.1"))) {
      SSLParameters params = listener.getSSLParameters();
      params.setSNIMatchers(
          List.of(
              new SNIMatcher(StandardConstants.SNI_HOST_NAME) {
                @Override
                public boolean matches(SNIServerName name) {
                  names.add(((SNIHostName) name).getAsciiName());
                  return true;
                }
              }));
      listener.setSSLParameters(params);
      Thread acceptor =
          new Thread(
              () -> {
                while (!listener.isClosed()) {
                  try (Socket socket = listener.accept()) {
                    RawHttpServer.readHead(socket.getInputStream());
                    RawHttpServer.write(
                        socket,
                        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n"
                            + "Connection: close\r\n\r\nok");
                  } catch (IOException e) {
                    // closed at the end of the test, or a client that gave up
                  }
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      Configuration conf = ShortTimeouts.conf();
      conf.setBoolean(ProtocolKeys.TLS_TRUST_ALL, true);
      int port = listener.getLocalPort();
      try (HttpProtocol protocol =
          new HttpProtocol(
              conf, new FakeDns().map("a.test", "127.0.0.1").map("b.test", "127.0.0.1"))) {
        for (String host : List.of("a.test", "b.test")) {
          ProtocolOutput out = protocol.fetch("https://" + host + ":" + port + "/", 0);
          assertEquals(out.toString(), CrawlStatus.FETCH_SUCCESS, out.getStatus());
        }
      }
    }
    assertEquals(List.of("a.test", "b.test"), names);
  }
}
