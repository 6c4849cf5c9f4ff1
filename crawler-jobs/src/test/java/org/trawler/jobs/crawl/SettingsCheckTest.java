package org.trawler.jobs.crawl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.conf.KnownSettings;
import org.trawler.jobs.CommandRun;

/** Settings are checked before a command runs, and `conf` shows them. */
public class SettingsCheckTest {
  private final Configuration conf = CrawlerConfiguration.create();

  @Test
  public void aBadBooleanIsOneLineAndExitTwoBeforeAnythingRuns() throws Exception {
    CommandRun run = CommandRun.run(conf, "conf", "-D", "db.ignore.external.links=ture");
    assertEquals(run.toString(), 2, run.exitCode);
    assertEquals(
        "trawler conf: db.ignore.external.links: 'ture' is not true or false", run.errLines()[0]);
    assertEquals(1, run.errLines().length);
    assertEquals("", run.out);
  }

  @Test
  public void badNumbersAndSizesAreOneLineAndExitTwo() throws Exception {
    CommandRun run = CommandRun.run(conf, "conf", "-D", "fetcher.server.delay=5s");
    assertEquals(run.toString(), 2, run.exitCode);
    assertEquals("trawler conf: fetcher.server.delay: '5s' is not a number", run.errLines()[0]);
    run = CommandRun.run(conf, "conf", "-D", "fetcher.threads.fetch=ten");
    assertEquals(
        "trawler conf: fetcher.threads.fetch: 'ten' is not a whole number", run.errLines()[0]);
    run = CommandRun.run(conf, "conf", "-D", "warc.max.size=1x");
    assertEquals(run.toString(), 2, run.exitCode);
    assertTrue(
        run.err, run.errLines()[0].startsWith("trawler conf: warc.max.size: '1x' is not a size"));
    run = CommandRun.run(conf, "conf", "warc.max.size", "-D", "warc.max.size=500m");
    assertEquals(run.toString(), 0, run.exitCode);
  }

  @Test
  public void aValueNoEnumHasIsOneLineAndExitTwoBeforeAnythingRuns() throws Exception {
    String[][] cases = {
      {"search.default.operator=NEAR", "search.default.operator: 'NEAR' is not one of AND, OR"},
      {"parser.html.content=article", "parser.html.content: 'article' is not one of all, main"},
      {"fetcher.queue.mode=byPort", "fetcher.queue.mode: 'byPort' is not one of byHost, byDomain,"},
      {"indexer.lucene.stored.compression=zstd", "indexer.lucene.stored.compression: 'zstd' is"}
    };
    for (String[] c : cases) {
      CommandRun run = CommandRun.run(conf, "inject", "-D", c[0], "/no/crawl", "/no/seeds");
      assertEquals(run.toString(), 2, run.exitCode);
      assertTrue(run.err, run.errLines()[0].startsWith("trawler inject: " + c[1]));
      assertEquals(run.err, 1, run.errLines().length);
    }
    // the readers compare in any case
    CommandRun run =
        CommandRun.run(conf, "conf", "search.default", "-D", "search.default.operator=or");
    assertEquals(run.toString(), 0, run.exitCode);
  }

  @Test
  public void aSecretGivenAsASettingStopsEveryCommandBeforeAnythingRuns() throws Exception {
    java.util.List<String> secrets = new java.util.ArrayList<>();
    for (KnownSettings.Setting s : KnownSettings.load().trawler().values()) {
      if (s.typeName().equals("secret")) {
        secrets.add(s.name());
      }
    }
    // the writers' passwords and tokens, and every truststore's password (job.xml shows them all)
    assertTrue(
        secrets.toString(),
        secrets.containsAll(
            java.util.List.of(
                "http.tls.truststore.password",
                "solr.tls.truststore.password",
                "solr.auth.password",
                "solr.auth.token",
                "opensearch.tls.truststore.password",
                "opensearch.auth.password",
                "opensearch.auth.apikey")));
    for (String key : secrets) {
      CommandRun run = CommandRun.run(conf, "inject", "-D", key + "=hunter2", "/no/crawl", "/no");
      assertEquals(run.toString(), 2, run.exitCode);
      assertTrue(
          run.err,
          run.errLines()[0].startsWith(
              "trawler inject: " + key + ": a secret is not taken from the configuration"));
      assertEquals(run.err, 1, run.errLines().length);
      assertFalse(run.err, run.err.contains("hunter2"));
    }
  }

  @Test
  public void everyDefaultKeyDeclaresAKnownType() {
    java.util.List<String> problems = new java.util.ArrayList<>();
    for (KnownSettings.Setting s : KnownSettings.load().trawler().values()) {
      if (!KnownSettings.TYPES.contains(s.typeName())) {
        problems.add(
            s.name() + ": <type>" + s.type() + "</type> is not one of " + KnownSettings.TYPES);
      } else if (s.typeName().equals("enum")) {
        if (s.allowed().size() < 2) {
          problems.add(s.name() + ": an enum names its values, as enum: a|b");
        } else if (!s.allowed().contains(s.defaultValue())) {
          problems.add(s.name() + ": default '" + s.defaultValue() + "' is not one of its values");
        }
      }
    }
    assertEquals(String.join("\n", problems), 0, problems.size());
  }

  @Test
  public void aBadHadoopBooleanIsCaughtToo() throws Exception {
    CommandRun run = CommandRun.run(conf, "conf", "-D", "mapreduce.map.speculative=yes");
    assertEquals(run.toString(), 2, run.exitCode);
    assertEquals(
        "trawler conf: mapreduce.map.speculative: 'yes' is not true or false", run.errLines()[0]);
  }

  @Test
  public void aMisspelledKeyWarnsWithTheNearestKeyAndRuns() throws Exception {
    CommandRun run =
        CommandRun.run(conf, "conf", "fetcher.server", "-D", "fetcher.server.dely=0.1");
    assertEquals(run.toString(), 0, run.exitCode);
    assertEquals(
        "trawler conf: warning: fetcher.server.dely: unknown setting, neither Trawler's nor"
            + " Hadoop's (did you mean fetcher.server.delay?)",
        run.errLines()[0]);
    assertTrue(
        run.out, run.out.contains("fetcher.server.dely = 0.1  (-D)\n    (unknown setting)\n"));
  }

  @Test
  public void hadoopKeysAndKeyFamiliesAreKnown() throws Exception {
    CommandRun run =
        CommandRun.run(
            conf,
            "conf",
            "-D",
            "mapreduce.job.reduces=2",
            "-D",
            "urlnormalizer.order.inject=org.trawler.core.net.normalize.BasicURLNormalizer",
            "-D",
            "mapred.reduce.tasks=2");
    assertEquals(run.toString(), 0, run.exitCode);
    assertEquals(run.err, "", run.err);
  }

  @Test
  public void unknownKeysFailOrAreIgnoredWhenSaidSo() throws Exception {
    CommandRun run =
        CommandRun.run(
            conf, "conf", "-D", "conf.unknown.keys=fail", "-D", "fetcher.server.dely=0.1");
    assertEquals(run.toString(), 2, run.exitCode);
    assertTrue(run.err, run.errLines()[0].startsWith("trawler conf: fetcher.server.dely: unknown"));
    run =
        CommandRun.run(
            conf, "conf", "-D", "conf.unknown.keys=ignore", "-D", "myplugin.colour=blue");
    assertEquals(run.toString(), 0, run.exitCode);
    assertEquals("", run.err);
    run = CommandRun.run(conf, "conf", "-D", "conf.unknown.keys=loud");
    assertEquals(
        "trawler conf: conf.unknown.keys: 'loud' is not one of fail, warn, ignore",
        run.errLines()[0]);
  }

  @Test
  public void confShowsValueSourceAndDescriptionOfMatchingSettings() throws Exception {
    CommandRun run = CommandRun.run(conf, "conf", "delay", "-D", "fetcher.server.delay=0.5");
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(
        run.out,
        run.out.contains(
            "fetcher.server.delay = 0.5  (-D)\n    Seconds between two requests to one host"));
    assertTrue(run.out, run.out.contains("fetcher.max.crawl.delay = 30  (default)\n"));
    // the pattern matches descriptions too: this key's name has no "delay"
    assertTrue(run.out, run.out.contains("parser.refresh.as.permanent = "));
    for (String line : run.out.split("\n")) {
      assertTrue(line, line.startsWith("    ") || line.contains(" = "));
    }
    // the keys the pattern names come before those only a description mentions
    assertTrue(run.out, run.out.startsWith("generate.host.failure.delay = "));
    assertTrue(
        run.out,
        run.out.indexOf("db.fetch.retry.delay = ")
            < run.out.indexOf("generate.host.max.failures = "));
  }

  @Test
  public void confPrintsJsonLines() throws Exception {
    CommandRun run = CommandRun.run(conf, "conf", "conf.unknown.keys", "-json");
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(
        run.out,
        run.out.startsWith(
            "{\"name\":\"conf.unknown.keys\",\"value\":\"warn\",\"source\":\"default\","
                + "\"description\":\"A -D or trawler-site.xml key"));
  }

  @Test
  public void confOfAPatternNothingMatchesExitsOne() throws Exception {
    CommandRun run = CommandRun.run(conf, "conf", "no-such-words-anywhere");
    assertEquals(run.toString(), 1, run.exitCode);
    assertFalse(run.err.isEmpty());
  }
}
