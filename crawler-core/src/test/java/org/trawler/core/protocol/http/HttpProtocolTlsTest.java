package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import javax.net.ssl.SSLContext;
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
 * http.tls.trust.all.
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
}
