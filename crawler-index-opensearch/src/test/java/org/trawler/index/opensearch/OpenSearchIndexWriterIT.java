package org.trawler.index.opensearch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.StatusReporter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.jobs.LogCapture;
import org.trawler.jobs.index.IndexDocument;

/**
 * The writer against a real OpenSearch node (the one this JVM's tests share): the template
 * installed with the index, documents added, replaced and deleted, a value the mapping refuses
 * counted and not retried, a busy cluster's 429s outlasted, a dead node passed over, a dead cluster
 * one line.
 */
public class OpenSearchIndexWriterIT {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();

  private static OpenSearchTestNode node;

  @BeforeClass
  public static void startNode() throws Exception {
    node = OpenSearchTestNode.shared();
  }

  static Configuration conf(String hosts, String index) {
    Configuration conf = new Configuration(false);
    conf.set(OpenSearchKeys.HOSTS, hosts);
    conf.set(OpenSearchKeys.INDEX, index);
    conf.set(OpenSearchKeys.RETRY_BACKOFF, "10");
    return conf;
  }

  /** A task's context whose counters the test reads. */
  static TaskAttemptContext context(Configuration conf, Counters counters) {
    return new TaskAttemptContextImpl(
        conf,
        new TaskAttemptID("test", 1, TaskType.REDUCE, 0, 0),
        new StatusReporter() {
          @Override
          public org.apache.hadoop.mapreduce.Counter getCounter(Enum<?> name) {
            return counters.findCounter(name);
          }

          @Override
          public org.apache.hadoop.mapreduce.Counter getCounter(String group, String name) {
            return counters.findCounter(group, name);
          }

          @Override
          public void progress() {}

          @Override
          public float getProgress() {
            return 0;
          }

          @Override
          public void setStatus(String status) {}
        });
  }

  static IndexDocument page(String url, String title) {
    return new IndexDocument()
        .add("id", url)
        .add("url", url)
        .add("host", "127.0.0.2")
        .add("title", title)
        .add("content", "the text of " + title)
        .add("fetchTime", 1_700_000_000_000L)
        .add("depth", 1);
  }

  /** The ids the index holds for a query string (all of them with *:*). */
  static Set<String> ids(String index, String query) throws Exception {
    return node.ids(index, Map.of("query_string", Map.of("query", query)));
  }

  private static JsonNode source(String index, String id) throws Exception {
    return JSON.readTree(
            node.call(
                    "GET",
                    "/" + index + "/_doc/" + URLEncoder.encode(id, StandardCharsets.UTF_8),
                    null)
                .body())
        .path("_source");
  }

  @Test
  public void checkInstallsTheTemplateWhenTheIndexDoesNotExist() throws Exception {
    new OpenSearchIndexWriter().check(conf(node.url(), "fresh"));
    JsonNode properties =
        JSON.readTree(node.call("GET", "/fresh/_mapping", null).body())
            .path("fresh")
            .path("mappings")
            .path("properties");
    assertEquals("keyword", properties.path("url").path("type").asText());
    assertEquals("keyword", properties.path("host").path("type").asText());
    assertEquals("text", properties.path("content").path("type").asText());
    assertEquals("trawler_text", properties.path("content").path("analyzer").asText());
    assertEquals("date", properties.path("fetchTime").path("type").asText());
    assertEquals("integer", properties.path("depth").path("type").asText());
    // a second check finds the index and leaves it alone
    new OpenSearchIndexWriter().check(conf(node.url(), "fresh"));
  }

  @Test
  public void addsReplacesAndDeletesReachTheIndex() throws Exception {
    Configuration conf = conf(node.url(), "pages");
    OpenSearchIndexWriter writer = new OpenSearchIndexWriter();
    writer.check(conf);
    Counters counters = new Counters();
    writer.open(conf, context(conf, counters));
    writer.add(page("http://127.0.0.2/a", "Alpha"));
    writer.add(page("http://127.0.0.2/b", "Beta"));
    writer.add(page("http://127.0.0.2/c", "Gamma"));
    writer.commit();
    writer.close();
    assertEquals(
        Set.of("http://127.0.0.2/a", "http://127.0.0.2/b", "http://127.0.0.2/c"),
        ids("pages", "*:*"));
    assertEquals(3, counters.findCounter(OpenSearchCounter.ITEMS_ACCEPTED).getValue());

    writer = new OpenSearchIndexWriter();
    writer.open(conf, context(conf, new Counters()));
    writer.add(page("http://127.0.0.2/b", "Delta"));
    writer.delete("http://127.0.0.2/c");
    writer.delete("http://127.0.0.2/never-indexed");
    writer.commit();
    writer.close();
    assertEquals(Set.of("http://127.0.0.2/a", "http://127.0.0.2/b"), ids("pages", "*:*"));
    assertEquals("Delta", source("pages", "http://127.0.0.2/b").path("title").asText(""));
    assertEquals(Set.of("http://127.0.0.2/b"), ids("pages", "content:delta"));
  }

  @Test
  public void aValueTheMappingRefusesIsCountedAndNotRetried() throws Exception {
    Configuration conf = conf(node.url(), "refusing");
    OpenSearchIndexWriter writer = new OpenSearchIndexWriter();
    writer.check(conf);
    Counters counters = new Counters();
    try (LogCapture log = new LogCapture()) {
      writer.open(conf, context(conf, counters));
      writer.add(page("http://127.0.0.2/good", "Good"));
      writer.add(page("http://127.0.0.2/bad", "Bad").add("contentLength", "very long"));
      writer.commit();
      writer.close();
      assertTrue(log.text(), log.text().contains("opensearch: http://127.0.0.2/bad rejected by"));
    }
    assertEquals(Set.of("http://127.0.0.2/good"), ids("refusing", "*:*"));
    assertEquals(1, counters.findCounter(OpenSearchCounter.ITEMS_REJECTED).getValue());
    assertEquals(0, counters.findCounter(OpenSearchCounter.BULK_RETRIES).getValue());
  }

  @Test
  public void aStormOf429sEndsWithEveryDocumentIndexed() throws Exception {
    try (NodeProxy busy = NodeProxy.busy(node.url())) {
      Configuration conf = conf(busy.url(), "busy");
      conf.setInt(OpenSearchKeys.BULK_DOCS, 10);
      conf.setInt(OpenSearchKeys.BULK_CONCURRENT, 2);
      OpenSearchIndexWriter writer = new OpenSearchIndexWriter();
      writer.check(conf);
      Counters counters = new Counters();
      writer.open(conf, context(conf, counters));
      Set<String> urls = new TreeSet<>();
      for (int i = 0; i < 95; i++) {
        String url = "http://127.0.0.2/p" + i;
        urls.add(url);
        writer.add(page(url, "Page " + i));
      }
      writer.commit();
      writer.close();
      assertEquals(urls, ids("busy", "*:*"));
      assertTrue(busy.refused() >= 5);
      assertEquals(busy.refused(), counters.findCounter(OpenSearchCounter.BULK_RETRIES).getValue());
      assertEquals(95, counters.findCounter(OpenSearchCounter.ITEMS_ACCEPTED).getValue());
    }
  }

  @Test
  public void aDeadNodeIsPassedOverForTheNextOne() throws Exception {
    Configuration conf = conf(deadUrl() + "," + node.url(), "failover");
    OpenSearchIndexWriter writer = new OpenSearchIndexWriter();
    writer.check(conf);
    writer.open(conf, context(conf, new Counters()));
    writer.add(page("http://127.0.0.2/x", "X"));
    writer.commit();
    writer.close();
    assertEquals(Set.of("http://127.0.0.2/x"), ids("failover", "*:*"));
  }

  @Test
  public void aDeadClusterIsOneLineNamingItsNodes() throws Exception {
    String dead = deadUrl();
    try {
      new OpenSearchIndexWriter().check(conf(dead, "any"));
      fail("a dead cluster passed the check");
    } catch (IOException e) {
      assertTrue(e.getMessage(), e.getMessage().startsWith("no node of " + dead + " answers: "));
      assertFalse(e.getMessage(), e.getMessage().contains("\n"));
    }
  }

  @Test
  public void aClusterDyingMidTaskFailsTheTaskAfterItsRetries() throws Exception {
    Configuration conf = conf(deadUrl(), "gone");
    conf.setInt(OpenSearchKeys.MAX_RETRIES, 2);
    OpenSearchIndexWriter writer = new OpenSearchIndexWriter();
    Counters counters = new Counters();
    writer.open(conf, context(conf, counters));
    writer.add(page("http://127.0.0.2/y", "Y"));
    try {
      writer.commit();
      fail("a commit to a dead cluster succeeded");
    } catch (IOException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("failed after 2 retries"));
    } finally {
      writer.close();
    }
    assertEquals(2, counters.findCounter(OpenSearchCounter.BULK_RETRIES).getValue());
  }

  /** Runs the JDK's keytool. */
  private static void keytool(String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(out, 0, p.waitFor());
  }

  /** A server context with a new self-signed certificate for 127.0.0.1; its CA in truststore. */
  private static SSLContext selfSigned(Path dir, Path truststore) throws Exception {
    Path server = dir.resolve("server.p12");
    Path cert = dir.resolve("server.pem");
    keytool(
        "-genkeypair",
        "-alias",
        "node",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-dname",
        "CN=127.0.0.1",
        "-ext",
        "SAN=ip:127.0.0.1",
        "-validity",
        "2",
        "-keystore",
        server.toString(),
        "-storetype",
        "PKCS12",
        "-storepass",
        "server-pass");
    keytool(
        "-exportcert",
        "-rfc",
        "-alias",
        "node",
        "-keystore",
        server.toString(),
        "-storepass",
        "server-pass",
        "-file",
        cert.toString());
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "ca",
        "-file",
        cert.toString(),
        "-keystore",
        truststore.toString(),
        "-storetype",
        "PKCS12",
        "-storepass",
        "changeit");
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(server)) {
      keys.load(in, "server-pass".toCharArray());
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(keys, "server-pass".toCharArray());
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(kmf.getKeyManagers(), null, null);
    return context;
  }

  @Test
  public void httpsWithBasicAuthIndexesAndKeepsThePasswordOutOfConfAndLogs() throws Exception {
    Path dir = TMP.newFolder("tls").toPath();
    Path truststore = dir.resolve("trust.p12");
    String password = "s3cret-Pa55word";
    String header =
        "Basic "
            + Base64.getEncoder()
                .encodeToString(("trawler:" + password).getBytes(StandardCharsets.UTF_8));
    Path passwordFile = dir.resolve("password");
    Files.writeString(passwordFile, password + "\n");
    Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
    try (NodeProxy secured = NodeProxy.secured(node.url(), selfSigned(dir, truststore), header);
        LogCapture log = new LogCapture()) {
      Configuration conf = conf(secured.url(), "secured");
      conf.set(OpenSearchKeys.TLS_TRUSTSTORE, truststore.toUri().toString());
      Path trustPasswordFile = dir.resolve("truststore-password");
      Files.writeString(trustPasswordFile, "changeit\n");
      Files.setPosixFilePermissions(
          trustPasswordFile, PosixFilePermissions.fromString("rw-------"));
      conf.set(OpenSearchKeys.TLS_TRUSTSTORE_PASSWORD_FILE, trustPasswordFile.toUri().toString());
      conf.set(OpenSearchKeys.AUTH_USER, "trawler");
      conf.set(OpenSearchKeys.AUTH_PASSWORD_FILE, passwordFile.toUri().toString());
      OpenSearchIndexWriter writer = new OpenSearchIndexWriter();
      writer.check(conf);
      writer.open(conf, context(conf, new Counters()));
      writer.add(page("http://127.0.0.2/s", "Secured"));
      writer.commit();
      writer.close();
      assertEquals(Set.of("http://127.0.0.2/s"), ids("secured", "*:*"));
      assertEquals(0, secured.refused());

      // the job's configuration, as job.xml would show it, and the log hold no password
      StringWriter jobXml = new StringWriter();
      conf.writeXml(jobXml);
      assertFalse(jobXml.toString().contains(password));
      assertFalse(jobXml.toString().contains(header.substring(6)));

      // a wrong password is one line naming the user, never the password
      Path wrong = dir.resolve("wrong");
      Files.writeString(wrong, "not-" + password);
      Files.setPosixFilePermissions(wrong, PosixFilePermissions.fromString("rw-------"));
      conf.set(OpenSearchKeys.AUTH_PASSWORD_FILE, wrong.toUri().toString());
      try {
        new OpenSearchIndexWriter().check(conf);
        fail("a wrong password passed the check");
      } catch (IOException e) {
        assertEquals(secured.url() + " refused user 'trawler' (HTTP 401)", e.getMessage());
      }
      // without the truststore the self-signed certificate is not trusted
      conf.set(OpenSearchKeys.AUTH_PASSWORD_FILE, passwordFile.toUri().toString());
      conf.unset(OpenSearchKeys.TLS_TRUSTSTORE);
      try {
        new OpenSearchIndexWriter().check(conf);
        fail("an untrusted certificate passed the check");
      } catch (IOException e) {
        assertTrue(e.getMessage(), e.getMessage().startsWith("no node of " + secured.url()));
      }
      assertFalse(log.text().contains(password));
      assertFalse(log.text().contains(header.substring(6)));
    }
  }

  @Test
  public void anApiKeyFromAnOwnerOnlyFileGoesInTheApiKeyHeader() throws Exception {
    String key = "dHJhd2xlcjpzM2NyZXQta2V5";
    Path file = TMP.newFile("apikey").toPath();
    Files.writeString(file, key + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    try (NodeProxy secured = NodeProxy.secured(node.url(), null, "ApiKey " + key)) {
      Configuration conf = conf(secured.url(), "apikey");
      conf.set(OpenSearchKeys.AUTH_API_KEY_FILE, file.toUri().toString());
      // the proxy is plain http on loopback
      conf.setBoolean(OpenSearchKeys.AUTH_ALLOW_INSECURE, true);
      OpenSearchIndexWriter writer = new OpenSearchIndexWriter();
      writer.check(conf);
      writer.open(conf, context(conf, new Counters()));
      writer.add(page("http://127.0.0.2/k", "Keyed"));
      writer.commit();
      writer.close();
      assertEquals(Set.of("http://127.0.0.2/k"), ids("apikey", "*:*"));
      assertEquals(0, secured.refused());
    }
  }

  static String deadUrl() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return "http://127.0.0.1:" + s.getLocalPort();
    }
  }
}
