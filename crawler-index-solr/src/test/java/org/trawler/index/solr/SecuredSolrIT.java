package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.simweb.EndToEndCrawl;
import org.trawler.simweb.TrawlerCommand;

/**
 * The end-to-end test of a secured SolrCloud: HTTPS with a self-signed certificate, Solr's
 * BasicAuthPlugin and rule-based authorization, the index command run as bin/crawl runs it. With
 * the certificate in solr.tls.truststore and the password in a JCEKS credential provider it
 * indexes, and the password shows nowhere: not in the job's job.xml, not in what the command and
 * its tasks print. A wrong password or a missing truststore is one line before any task.
 */
public class SecuredSolrIT {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  /** A secret like the user's password: it too must show nowhere. */
  private static final String TRUSTSTORE_PASSWORD = "Trust-Store-Pass-7";

  private static SolrCluster solr;
  private static EndToEndCrawl crawl;
  private static TrawlerCommand trawler;
  private static Path dir;
  private static Path trustStore;
  private static Path hadoopTmp;
  private static Path jobFiles;
  private static TrawlerCommand.Result indexed;
  private static int runs;

  @BeforeClass
  public static void crawlAndIndexIntoSecuredSolr() throws Exception {
    solr = SolrCluster.secured(1, true, JobFilesCopier.class);
    solr.createCollection("crawl", 1);
    crawl = EndToEndCrawl.shared();
    trawler = crawl.trawler();
    dir = TMP.getRoot().toPath();

    trustStore = dir.resolve("solr-trust.p12");
    solr.writeTrustStore(trustStore, TRUSTSTORE_PASSWORD);
    hadoopTmp = dir.resolve("hadoop-tmp");
    jobFiles = dir.resolve("job-files");
    JobFilesCopier.watch(hadoopTmp, jobFiles);
    indexed =
        trawler.run(
            index(
                jceks(SolrCluster.INDEXER_PASSWORD),
                "solr.tls.truststore=" + trustStore,
                "hadoop.tmp.dir=" + hadoopTmp,
                "mapreduce.jobtracker.staging.root.dir=" + hadoopTmp.resolve("staging")));
    JobFilesCopier.watch(null, null);
    // The command's exact output, for docs/solr.md.
    Files.writeString(Path.of("target", "secured-solr-run.txt"), indexed.out() + indexed.err());
  }

  @AfterClass
  public static void stop() throws Exception {
    if (solr != null) {
      solr.close();
    }
  }

  /**
   * A JCEKS credential provider holding {@code password} as solr.auth.password and the truststore's
   * password, as its setting.
   */
  private static String jceks(String password) throws Exception {
    File file = dir.resolve("trawler-" + (++runs) + ".jceks").toFile();
    Configuration conf = new Configuration(false);
    String path = "jceks://file" + file.getAbsolutePath();
    conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, path);
    CredentialProvider provider = CredentialProviderFactory.getProviders(conf).get(0);
    provider.createCredentialEntry(SolrKeys.AUTH_PASSWORD, password.toCharArray());
    provider.createCredentialEntry(
        SolrKeys.TLS_TRUSTSTORE_PASSWORD, TRUSTSTORE_PASSWORD.toCharArray());
    provider.flush();
    return CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH + "=" + path;
  }

  /** index into the secured collection, found through ZooKeeper, as the indexer user. */
  private static String[] index(String... settings) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "index",
                crawl.path("solr-index-" + (++runs)).toString(),
                crawl.path("crawldb").toString(),
                "-dir",
                crawl.path("segments").toString(),
                "-D",
                "indexer.writers=solr",
                "-D",
                "solr.zookeeper.hosts=" + solr.zkHosts(),
                "-D",
                "solr.collection=crawl",
                "-D",
                "solr.auth.user=" + SolrCluster.INDEXER));
    for (String setting : settings) {
      args.add("-D");
      args.add(setting);
    }
    return args.toArray(new String[0]);
  }

  /** Exit code, one "trawler index: " line, no stack trace, and no job started. */
  private static String oneLineBeforeAnyTask(TrawlerCommand.Result r, int exitCode) {
    assertEquals(r.out() + r.err(), exitCode, r.exitCode());
    List<String> lines = r.err().lines().filter(l -> l.startsWith("trawler ")).toList();
    assertEquals(r.err(), 1, lines.size());
    assertFalse(r.err(), r.err().contains("\tat "));
    assertFalse(r.err(), r.err().contains("job_local"));
    return lines.get(0);
  }

  /** The password and the Authorization header made of it: neither may show anywhere. */
  private static List<String> secretForms() {
    String basic = SolrCluster.INDEXER + ":" + SolrCluster.INDEXER_PASSWORD;
    return List.of(
        SolrCluster.INDEXER_PASSWORD,
        TRUSTSTORE_PASSWORD,
        Base64.getEncoder().encodeToString(basic.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  public void indexesOverHttpsWithThePasswordFromACredentialProvider() throws Exception {
    EndToEndCrawl.ok(indexed);
    List<String> ids = solr.ids("crawl", "*:*");
    assertTrue(ids.toString(), ids.size() >= 10);
    assertTrue(indexed.out(), indexed.out().contains(": " + ids.size() + " added, "));
  }

  @Test
  public void thePasswordIsNeitherInJobXmlNorInWhatTheCommandAndItsTasksPrint() throws Exception {
    List<Path> copied;
    try (Stream<Path> files = Files.list(jobFiles)) {
      copied = files.toList();
    }
    // The job.xml of the job's staging directory, and the local runner's copy the tasks read.
    List<String> names = copied.stream().map(f -> f.getFileName().toString()).toList();
    assertTrue(names.toString(), names.stream().anyMatch(n -> n.endsWith("_job.xml")));
    assertTrue(names.toString(), names.stream().anyMatch(n -> n.contains("localRunner")));
    for (Path file : copied) {
      String conf = Files.readString(file);
      assertTrue(file + " is the index job's", conf.contains("<name>solr.auth.user</name>"));
      assertTrue(conf.contains(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH));
    }
    for (Path file : copied) {
      String text = Files.readString(file);
      for (String secret : secretForms()) {
        assertFalse(file + " holds the secret", text.contains(secret));
      }
    }
    for (String secret : secretForms()) {
      assertFalse(indexed.out(), indexed.out().contains(secret));
      assertFalse(indexed.err(), indexed.err().contains(secret));
    }
    // Whatever the job left on local disk holds it neither.
    try (Stream<Path> left = Files.walk(hadoopTmp)) {
      for (Path f : left.filter(Files::isRegularFile).toList()) {
        String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
        for (String secret : secretForms()) {
          assertFalse(f + " holds the secret", text.contains(secret));
        }
      }
    }
  }

  @Test
  public void aWrongPasswordIsOneLineNamingUserAndCollectionBeforeAnyTask() throws Exception {
    TrawlerCommand.Result r =
        trawler.run(index(jceks("Wrong-Password-123"), "solr.tls.truststore=" + trustStore));
    String line = oneLineBeforeAnyTask(r, 3);
    assertTrue(
        line, line.startsWith("trawler index: index writer solr: solr at https://127.0.0.1:"));
    assertTrue(
        line, line.contains("refused a query by user 'indexer' on collection 'crawl' (HTTP 401"));
    assertFalse(line, (r.out() + r.err()).contains("Wrong-Password-123"));
  }

  @Test
  public void withoutTheTruststoreTheSelfSignedCertificateIsRefusedBeforeAnyTask()
      throws Exception {
    TrawlerCommand.Result r = trawler.run(index(jceks(SolrCluster.INDEXER_PASSWORD)));
    String line = oneLineBeforeAnyTask(r, 3);
    assertTrue(line, line.contains("does not answer: TLS failed ("));
    assertTrue(line, line.contains("name a keystore holding it in solr.tls.truststore"));
  }

  @Test
  public void aPasswordGivenWithDIsRefusedWithoutShowingIt() throws Exception {
    TrawlerCommand.Result r =
        trawler.run(index("solr.auth.password=" + SolrCluster.INDEXER_PASSWORD));
    String line = oneLineBeforeAnyTask(r, 2);
    assertTrue(
        line,
        line.startsWith(
            "trawler index: solr.auth.password: a secret is not taken from the configuration"));
    assertFalse(line, (r.out() + r.err()).contains(SolrCluster.INDEXER_PASSWORD));
  }

  @Test
  public void aPasswordFileOthersMayReadIsRefused() throws Exception {
    Path file = dir.resolve("password.txt");
    Files.writeString(file, SolrCluster.INDEXER_PASSWORD);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    TrawlerCommand.Result r =
        trawler.run(index("solr.auth.password.file=" + file, "solr.tls.truststore=" + trustStore));
    String line = oneLineBeforeAnyTask(r, 2);
    assertTrue(line, line.contains("may be read by others than its owner"));
    assertFalse(line, (r.out() + r.err()).contains(SolrCluster.INDEXER_PASSWORD));
  }
}
