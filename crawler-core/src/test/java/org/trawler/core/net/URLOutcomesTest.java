package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;

public class URLOutcomesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final AtomicInteger calls = new AtomicInteger();
  private final UnaryOperator<String> upperUnlessBad =
      url -> {
        calls.incrementAndGet();
        return url.contains("bad") ? null : url.toUpperCase();
      };

  @Test
  public void eachUrlIsAcceptedOnceWhileRemembered() {
    URLOutcomes outcomes = new URLOutcomes(10);
    for (int i = 0; i < 3; i++) {
      assertEquals("HTTP://A/", outcomes.of("http://a/", upperUnlessBad));
      assertEquals(URLOutcomes.REJECTED, outcomes.of("http://bad/", upperUnlessBad));
    }
    assertEquals(2, calls.get());
  }

  @Test
  public void aFullMemoryStartsAgainAndStaysCorrect() {
    URLOutcomes outcomes = new URLOutcomes(2);
    for (int i = 0; i < 5; i++) {
      assertEquals("HTTP://H" + i + "/", outcomes.of("http://h" + i + "/", upperUnlessBad));
    }
    assertEquals("HTTP://H0/", outcomes.of("http://h0/", upperUnlessBad));
    assertEquals(6, calls.get());
  }

  @Test
  public void outlinkChainsWithTheSameSettingsShareTheirOutcomes() {
    URLOutcomes first = URLOutcomes.forOutlinks(CrawlerConfiguration.create());
    assertSame(first, URLOutcomes.forOutlinks(CrawlerConfiguration.create()));
    Configuration copy = new Configuration(CrawlerConfiguration.create());
    copy.set("mapreduce.task.attempt.id", "attempt_1"); // what differs between two map tasks
    assertSame(first, URLOutcomes.forOutlinks(copy));
  }

  @Test
  public void aDifferentSettingGivesOutcomesOfTheirOwn() {
    Configuration depth = CrawlerConfiguration.create();
    depth.set(NetKeys.DEPTH_FILTER_MAX, "3");
    Configuration outlinkOrder = CrawlerConfiguration.create();
    outlinkOrder.set(
        NetKeys.NORMALIZER_ORDER_SCOPE_PREFIX + URLNormalizers.SCOPE_OUTLINK,
        "org.trawler.core.net.normalize.BasicURLNormalizer");
    URLOutcomes defaults = URLOutcomes.forOutlinks(CrawlerConfiguration.create());
    assertNotSame(defaults, URLOutcomes.forOutlinks(depth));
    assertNotSame(defaults, URLOutcomes.forOutlinks(outlinkOrder));
  }

  @Test
  public void aRuleFileWhoseContentChangedGivesAnotherChain() throws IOException {
    File rules = tmp.newFile("rules.txt");
    Files.write(rules.toPath(), "+.\n".getBytes(StandardCharsets.UTF_8));
    Configuration conf = CrawlerConfiguration.create();
    conf.set(NetKeys.REGEX_FILTER_FILE, rules.getPath());
    String before = URLOutcomes.outlinkChainKey(conf);
    assertNotNull(before);
    assertEquals(before, URLOutcomes.outlinkChainKey(conf));
    Files.write(rules.toPath(), "-.\n".getBytes(StandardCharsets.UTF_8));
    assertNotEquals(before, URLOutcomes.outlinkChainKey(conf));
  }

  @Test
  public void aChainWithAClassOfItsOwnIsNotShared() {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(NetKeys.FILTER_ORDER, "org.example.OwnFilter");
    assertNull(URLOutcomes.outlinkChainKey(conf));
    assertNotSame(URLOutcomes.forOutlinks(conf), URLOutcomes.forOutlinks(conf));
  }

  @Test
  public void aMissingRuleFileIsNotShared() {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(NetKeys.SUFFIX_FILTER_FILE, tmp.getRoot().getPath() + "/missing.txt");
    assertNull(URLOutcomes.outlinkChainKey(conf));
  }
}
