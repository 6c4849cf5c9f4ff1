package org.trawler.index.solr;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;
import org.trawler.jobs.reliability.BadInputTest;

/**
 * Bad Solr settings to {@code index}, checked as {@link BadInputTest} checks the crawl's commands:
 * one line naming the setting (exit 2), or the server that does not answer (exit 3), before the job
 * runs.
 */
@RunWith(Parameterized.class)
public class SolrBadInputTest extends BadInputTest {

  public SolrBadInputTest(String name, String[] args, int exitCode, String message) {
    super(name, args, exitCode, message);
  }

  /** Index into Solr with one bad setting (named first); the server is a closed loopback port. */
  private static String[] indexWithSolr(String setting) {
    String url =
        setting.startsWith("solr.server.url=")
            ? setting
            : "solr.server.url=http://127.0.0.1:9/solr/crawl";
    return cmd(
        "index",
        "-D",
        setting,
        "-D",
        url,
        "-D",
        "indexer.writers=solr",
        "-D",
        "solr.max.retries=0",
        "{out}",
        "{crawldb}",
        "{parsed}");
  }

  @Parameters(name = "{0}")
  public static Collection<Object[]> cases() {
    List<Object[]> cases = new ArrayList<>();
    cases.add(bad(indexWithSolr("solr.server.url="), USAGE, "solr.server.url: not set"));
    cases.add(bad(indexWithSolr("solr.server.url=localhost:8983"), USAGE, "not an http(s) URL"));
    cases.add(
        bad(
            indexWithSolr("solr.server.url=https://alice:hunter2@127.0.0.1:9/solr/crawl"),
            USAGE,
            CREDENTIALS_IN_URL));
    cases.add(bad(indexWithSolr("solr.commit.size=0"), USAGE, "solr.commit.size"));
    cases.add(bad(indexWithSolr("solr.timeout.ms=soon"), USAGE, "solr.timeout.ms"));
    cases.add(bad(indexWithSolr("solr.retry.backoff.ms=-"), USAGE, "solr.retry.backoff.ms"));
    cases.add(
        bad(
            indexWithSolr("solr.server.url=http://127.0.0.1:9/solr/crawl"),
            FAILED,
            "does not answer"));
    cases.add(bad(indexWithSolr("solr.zookeeper.hosts=127.0.0.1:9/solr"), USAGE, "are both set"));
    cases.add(bad(indexWithZooKeeper(), USAGE, "solr.collection: not set"));
    cases.add(
        bad(
            indexWithZooKeeper("-D", "solr.collection=crawl", "-D", "solr.timeout.ms=1000"),
            FAILED,
            "SolrCloud's ZooKeeper 127.0.0.1:9/solr does not answer"));
    // Secrets and TLS: refused before any server is asked.
    cases.add(bad(indexWithSolr("solr.auth.password=hunter2-Secret"), USAGE, SECRET_REFUSED));
    cases.add(
        bad(indexWithSolr("solr.auth.token=eyJhbGciOiJSUzI1NiJ9.e30.c2ln"), USAGE, SECRET_REFUSED));
    cases.add(
        bad(
            indexWithSolr("solr.auth.user=alice"),
            USAGE,
            "solr.auth.password: not given for solr.auth.user=alice"));
    cases.add(
        bad(
            indexWithSolr("solr.auth.password.file=/no/such/password"),
            USAGE,
            "solr.auth.password.file: /no/such/password does not exist"));
    // A file everyone may read (never read: its mode is checked first).
    cases.add(
        bad(
            indexWithSolr("solr.auth.password.file=/etc/passwd"),
            USAGE,
            "may be read by others than its owner"));
    cases.add(
        bad(
            indexWithSolr("solr.tls.truststore=/no/such/truststore.p12"),
            USAGE,
            "solr.tls.truststore: /no/such/truststore.p12 does not exist"));
    cases.add(bad(indexWithSolr("solr.tls.truststore=/etc/passwd"), USAGE, "as a PKCS12 keystore"));
    return cases;
  }

  /** index with the solr writer and a ZooKeeper on a closed loopback port, plus {@code more}. */
  private static String[] indexWithZooKeeper(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "index",
                "-D",
                "solr.zookeeper.hosts=127.0.0.1:9/solr",
                "-D",
                "indexer.writers=solr"));
    args.addAll(List.of(more));
    args.addAll(List.of("{out}", "{crawldb}", "{parsed}"));
    return args.toArray(new String[0]);
  }
}
