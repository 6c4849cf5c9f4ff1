package org.trawler.jobs.linkdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;
import org.trawler.jobs.linkdb.GenerationPolicy.Plan;

public class GenerationPolicyTest {
  private final GenerationPolicy policy = new GenerationPolicy(8, 0.5);

  private static List<Long> sizes(long... bytes) {
    List<Long> list = new ArrayList<>();
    for (long b : bytes) {
      list.add(b);
    }
    return list;
  }

  @Test
  public void newLinksBecomeAGenerationWhileThereIsRoom() {
    assertEquals(Plan.ADD, policy.plan(1_000_000, sizes()));
    assertEquals(Plan.ADD, policy.plan(1_000_000, Collections.nCopies(7, 10_000L)));
  }

  @Test
  public void generationsLargerThanTheRatioOfTheBaseAreMergedIntoIt() {
    assertEquals(Plan.ADD, policy.plan(1_000_000, sizes(250_000, 250_000)));
    assertEquals(Plan.INTO_BASE, policy.plan(1_000_000, sizes(250_000, 250_001)));
    assertEquals("a new linkdb's first base", Plan.INTO_BASE, policy.plan(0, sizes(1)));
  }

  @Test
  public void noGenerationsAllowedMergesIntoTheBaseEveryTime() {
    assertEquals(Plan.INTO_BASE, new GenerationPolicy(0, 0.5).plan(1_000_000, sizes()));
  }

  @Test
  public void withNoRoomLeftTheNewestAreMergedWithTheOlderOnesNoLargerThanThem() {
    // equal generations: all of them, into one
    assertEquals(new Plan(false, 8), policy.plan(1_000_000, Collections.nCopies(8, 10_000L)));
    // a large old one stays
    assertEquals(
        new Plan(false, 7),
        policy.plan(
            1_000_000, sizes(90_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000)));
    // tiers 9, 8, 7 ... stay; only the newest one is merged with the new links
    assertEquals(
        new Plan(false, 1),
        policy.plan(
            1_000_000, sizes(90_000, 80_000, 70_000, 60_000, 50_000, 40_000, 30_000, 20_000)));
    assertEquals(new Plan(false, 2), new GenerationPolicy(1, 0.5).plan(1_000_000, sizes(5, 5)));
  }

  /** A hundred rounds of equal new links beside a base twenty times their size. */
  @Test
  public void aHundredRoundsKeepAtMostTheMaximumAndRewriteEachLinkAFewTimes() {
    long newBytes = 10_000;
    long base = 200_000;
    List<Long> generations = new ArrayList<>();
    long rewritten = 0;
    long mergedIntoBase = 0;
    for (int round = 0; round < 100; round++) {
      Plan plan = policy.plan(base, generations);
      if (plan.intoBase()) {
        long all = base + generations.stream().mapToLong(Long::longValue).sum() + newBytes;
        rewritten += all;
        base = all;
        generations.clear();
        mergedIntoBase++;
      } else {
        List<Long> newest =
            generations.subList(generations.size() - plan.newest(), generations.size());
        long merged = newest.stream().mapToLong(Long::longValue).sum() + newBytes;
        newest.clear();
        generations.add(merged);
        rewritten += merged;
      }
      assertTrue("round " + round + ": " + generations, generations.size() <= 8);
    }
    long linkdb = base + generations.stream().mapToLong(Long::longValue).sum();
    assertEquals(200_000 + 100 * newBytes, linkdb);
    assertTrue("merged into the base " + mergedIntoBase + " times", mergedIntoBase <= 6);
    // merging into the base every round would rewrite 100 × the mean size: 70 times the new links
    assertTrue(
        "rewritten " + rewritten / (100 * newBytes) + " times the new links",
        rewritten <= 12 * 100 * newBytes);
  }

  @Test
  public void settingsAreReadAndCheckedFromTheConfiguration() {
    Configuration conf = new Configuration(false);
    assertEquals(
        new GenerationPolicy(
            LinkDbKeys.DEFAULT_MAX_GENERATIONS, LinkDbKeys.DEFAULT_MAX_GENERATION_RATIO),
        GenerationPolicy.fromConf(conf));
    conf.set(LinkDbKeys.MAX_GENERATIONS, "-1");
    assertThrows(BadSettingException.class, () -> GenerationPolicy.fromConf(conf));
    conf.set(LinkDbKeys.MAX_GENERATIONS, "2");
    conf.set(LinkDbKeys.MAX_GENERATION_RATIO, "-0.5");
    assertThrows(BadSettingException.class, () -> GenerationPolicy.fromConf(conf));
  }
}
