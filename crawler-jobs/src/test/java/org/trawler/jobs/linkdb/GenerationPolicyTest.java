package org.trawler.jobs.linkdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;

public class GenerationPolicyTest {
  private final GenerationPolicy policy = new GenerationPolicy(8, 0.5);

  @Test
  public void smallNewLinksBesideALargeBaseBecomeAGeneration() {
    assertFalse(policy.mergeIntoBase(0, 1_000_000, 0));
    assertFalse(policy.mergeIntoBase(7, 1_000_000, 70_000));
  }

  @Test
  public void theGenerationAfterTheLastAllowedOneMergesEverythingIntoANewBase() {
    assertTrue(policy.mergeIntoBase(8, 1_000_000, 80_000));
  }

  @Test
  public void generationsLargerThanTheRatioOfTheBaseAreMerged() {
    assertFalse(policy.mergeIntoBase(2, 1_000_000, 500_000));
    assertTrue(policy.mergeIntoBase(2, 1_000_000, 500_001));
  }

  @Test
  public void noGenerationsAllowedMergesEveryTime() {
    assertTrue(new GenerationPolicy(0, 0.5).mergeIntoBase(0, 1_000_000, 0));
  }

  @Test
  public void aHundredRoundsOfEqualNewLinksNeverKeepMoreThanTheMaximum() {
    long base = 1_000_000;
    long generationBytes = 0;
    int generations = 0;
    int merges = 0;
    for (int round = 0; round < 100; round++) {
      if (policy.mergeIntoBase(generations, base, generationBytes)) {
        base += generationBytes + 10_000;
        generationBytes = 0;
        generations = 0;
        merges++;
      } else {
        generationBytes += 10_000;
        generations++;
      }
      assertTrue(generations <= 8);
    }
    assertEquals("one merge in nine rounds", 11, merges);
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
