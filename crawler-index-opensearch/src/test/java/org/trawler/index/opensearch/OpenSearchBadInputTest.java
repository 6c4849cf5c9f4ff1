package org.trawler.index.opensearch;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;
import org.trawler.jobs.reliability.BadInputTest;

/**
 * Bad OpenSearch settings to {@code index}, checked as {@link BadInputTest} checks the crawl's
 * commands: one line naming the setting (exit 2), or the cluster that does not answer (exit 3),
 * before the job runs.
 */
@RunWith(Parameterized.class)
public class OpenSearchBadInputTest extends BadInputTest {
  public OpenSearchBadInputTest(String name, String[] args, int exitCode, String message) {
    super(name, args, exitCode, message);
  }

  /** Index into OpenSearch with bad settings (named first); the node is a closed port. */
  private static String[] index(String... settings) {
    List<String> args = new ArrayList<>(List.of("index"));
    for (String setting : settings) {
      args.addAll(List.of("-D", setting));
    }
    if (!settings[0].startsWith("opensearch.hosts=")) {
      args.addAll(List.of("-D", "opensearch.hosts=http://127.0.0.1:9"));
    }
    if (!settings[0].startsWith("opensearch.max.retries=")) {
      args.addAll(List.of("-D", "opensearch.max.retries=0"));
    }
    args.addAll(List.of("-D", "indexer.writers=opensearch", "{out}", "{crawldb}", "{parsed}"));
    return cmd(args.toArray(new String[0]));
  }

  @Parameters(name = "{0}")
  public static Collection<Object[]> cases() {
    List<Object[]> cases = new ArrayList<>();
    cases.add(bad(index("opensearch.hosts="), USAGE, "opensearch.hosts: not set"));
    cases.add(
        bad(index("opensearch.hosts=localhost:9200"), USAGE, "not the http(s) URL of a node"));
    cases.add(
        bad(index("opensearch.hosts=http://127.0.0.1:9200/crawl"), USAGE, "opensearch.hosts"));
    cases.add(
        bad(
            index("opensearch.hosts=https://alice:hunter2@127.0.0.1:9"),
            USAGE,
            CREDENTIALS_IN_URL));
    cases.add(bad(index("opensearch.index=Crawl"), USAGE, "opensearch.index: 'Crawl' is not"));
    cases.add(bad(index("opensearch.bulk.docs=0"), USAGE, "opensearch.bulk.docs"));
    cases.add(bad(index("opensearch.bulk.bytes=big"), USAGE, "opensearch.bulk.bytes"));
    cases.add(bad(index("opensearch.bulk.concurrent=0"), USAGE, "opensearch.bulk.concurrent"));
    cases.add(bad(index("opensearch.max.retries=-1"), USAGE, "opensearch.max.retries"));
    cases.add(bad(index("opensearch.retry.backoff.ms=-"), USAGE, "opensearch.retry.backoff.ms"));
    cases.add(bad(index("opensearch.timeout.ms=soon"), USAGE, "opensearch.timeout.ms"));
    cases.add(
        bad(
            index("opensearch.hosts=http://127.0.0.1:9"),
            FAILED,
            "index writer opensearch: no node of http://127.0.0.1:9 answers"));
    cases.add(bad(index("opensearch.auth.password=hunter2-Secret"), USAGE, SECRET_REFUSED));
    cases.add(bad(index("opensearch.auth.apikey=aWQ6a2V5"), USAGE, SECRET_REFUSED));
    cases.add(
        bad(
            index("opensearch.auth.user=alice"),
            USAGE,
            "opensearch.auth.password: not given for opensearch.auth.user=alice"));
    cases.add(
        bad(
            index("opensearch.auth.password.file=/etc/passwd"),
            USAGE,
            "may be read by others than its owner"));
    cases.add(
        bad(
            index("opensearch.tls.truststore=/no/such/truststore.p12"),
            USAGE,
            "opensearch.tls.truststore: /no/such/truststore.p12 does not exist"));
    cases.add(
        bad(
            index("opensearch.tls.truststore.type=PEMX", "opensearch.tls.truststore=/etc/passwd"),
            USAGE,
            "opensearch.tls.truststore.type: 'PEMX' is not one of PKCS12, JKS"));
    return cases;
  }
}
