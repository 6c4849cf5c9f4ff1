package org.trawler.core.protocol.http;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * Certificates for TLS tests, made by the JDK's keytool: a self-signed one, or a test CA and a
 * server certificate it signed, for 127.0.0.1. Every store's password is {@value #PASSWORD}.
 */
final class TestCertificates {
  static final String PASSWORD = "changeit";

  /** A server's TLS context and a truststore holding the CA that signed its certificate. */
  record SignedServer(SSLContext serverContext, File trustStore) {}

  private TestCertificates() {}

  /** A server context with a self-signed certificate for 127.0.0.1. */
  static SSLContext selfSigned(File dir) throws Exception {
    File keystore = new File(dir, "self-signed.p12");
    keytool(
        "-genkeypair",
        "-alias",
        "test",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "2",
        "-dname",
        "CN=127.0.0.1",
        "-ext",
        "SAN=ip:127.0.0.1",
        "-keystore",
        keystore.getPath());
    return serverContext(keystore);
  }

  /**
   * A new CA, a server certificate for 127.0.0.1 signed by it (the server context sends the chain),
   * and {@code dir/trust.p12} holding the CA as a trusted certificate.
   */
  static SignedServer signedByTestCa(File dir) throws Exception {
    String ca = new File(dir, "ca.p12").getPath();
    String server = new File(dir, "server.p12").getPath();
    String caCert = new File(dir, "ca.crt").getPath();
    String request = new File(dir, "server.csr").getPath();
    String serverCert = new File(dir, "server.crt").getPath();
    File trustStore = new File(dir, "trust.p12");
    keytool(
        "-genkeypair",
        "-alias",
        "ca",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "2",
        "-dname",
        "CN=Trawler Test CA",
        "-ext",
        "bc:c",
        "-keystore",
        ca);
    keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", ca, "-file", caCert);
    keytool(
        "-genkeypair",
        "-alias",
        "server",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "2",
        "-dname",
        "CN=127.0.0.1",
        "-keystore",
        server);
    keytool("-certreq", "-alias", "server", "-keystore", server, "-file", request);
    keytool(
        "-gencert",
        "-alias",
        "ca",
        "-keystore",
        ca,
        "-infile",
        request,
        "-outfile",
        serverCert,
        "-rfc",
        "-validity",
        "2",
        "-ext",
        "SAN=ip:127.0.0.1");
    keytool("-importcert", "-noprompt", "-alias", "ca", "-file", caCert, "-keystore", server);
    keytool("-importcert", "-alias", "server", "-file", serverCert, "-keystore", server);
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "test-ca",
        "-file",
        caCert,
        "-keystore",
        trustStore.getPath());
    return new SignedServer(serverContext(new File(server)), trustStore);
  }

  private static SSLContext serverContext(File keystore) throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = new FileInputStream(keystore)) {
      store.load(in, PASSWORD.toCharArray());
    }
    KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keys.init(store, PASSWORD.toCharArray());
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keys.getKeyManagers(), null, null);
    return context;
  }

  /** Runs keytool with {@code args}, PKCS12 stores and the test password. */
  private static void keytool(String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(
        System.getProperty("java.home") + File.separator + "bin" + File.separator + "keytool");
    command.addAll(List.of(args));
    command.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD));
    if (args[0].equals("-genkeypair")) {
      command.addAll(List.of("-keypass", PASSWORD));
    }
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException("keytool " + args[0] + " failed: " + output);
    }
  }
}
