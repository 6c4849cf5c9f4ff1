package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
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
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;

/**
 * HTTPS with a self-signed certificate: refused by default (tls_error), fetched with
 * http.tls.trust.all; each host's name goes in the handshake's SNI.
 */
public class HttpProtocolTlsTest {
  @ClassRule public static final TemporaryFolder TEMP = new TemporaryFolder();

  private static LoopbackHttpServer server;

  @BeforeClass
  public static void startServer() throws Exception {
    SSLContext selfSigned = LoopbackHttpServer.selfSignedContext(TEMP.getRoot());
    server = LoopbackHttpServer.startHttps("127.0.0.1", selfSigned);
    server.on("/secure", LoopbackHttpServer.text(200, "text/html", "<html>secret</html>"));
    server.on(
        "/robots.txt", LoopbackHttpServer.text(200, "text/plain", "User-agent: *\nDisallow: /x\n"));
  }

  @AfterClass
  public static void stopServer() {
    server.close();
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
    SSLContext selfSigned = LoopbackHttpServer.selfSignedContext(TEMP.newFolder());
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
