package org.trawler.jobs.politeness;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;

/** The backoff of a host that answers 429/503 without Retry-After. */
public class BackoffTest {
  private final Backoff backoff = new Backoff(60_000, 3_600_000);

  @Test
  public void eachLevelDoublesTheStartWithUpToAQuarterOfJitter() {
    for (int level = 0; level < 6; level++) {
      long base = 60_000L << level;
      long d = backoff.delayMillis(level, "a.test");
      assertTrue("level " + level + ": " + d, d >= base && d <= Math.min(3_600_000, base * 5 / 4));
    }
  }

  @Test
  public void theBackoffIsCappedAtEveryLevel() {
    assertEquals(3_600_000, backoff.delayMillis(6, "a.test")); // 64 minutes > 60
    assertEquals(3_600_000, backoff.delayMillis(1000, "a.test"));
  }

  @Test
  public void theJitterIsFixedPerHostAndLevelAndDiffersBetweenHosts() {
    assertEquals(backoff.delayMillis(2, "a.test"), backoff.delayMillis(2, "a.test"));
    long distinct =
        java.util.stream.IntStream.range(0, 20)
            .mapToLong(i -> backoff.delayMillis(0, "host" + i + ".test"))
            .distinct()
            .count();
    assertTrue("hosts backed off together come back apart: " + distinct, distinct > 10);
  }

  @Test
  public void defaultsAreOneMinuteToOneDayAndNoShorterBackoffWithinATask() {
    Backoff d = Backoff.from(new Configuration(false));
    assertEquals(60_000, d.startMillis());
    assertEquals(86_400_000, d.maxMillis());
    assertEquals(0, d.taskFactor(), 0);
    assertEquals(Backoff.DEFAULTS.startMillis(), d.startMillis());
    assertEquals(Backoff.DEFAULTS.taskFactor(), d.taskFactor(), 0);
  }

  @Test
  public void withinATaskTheFirstBackoffIsTheFactorTimesTheDelayAskedAtThenDoubles() {
    Backoff task = new Backoff(60_000, 3_600_000, 4);
    for (int level = 0; level < 3; level++) {
      long base = 2000L << level; // asked every 0.5 s: 2 s, 4 s, 8 s
      long d = task.withinTaskMillis(level, "a.test", 500);
      assertTrue("level " + level + ": " + d, d >= base && d <= base * 5 / 4);
    }
    assertEquals(
        "the same jitter as across rounds",
        task.delayMillis(1, "a.test") / 30,
        task.withinTaskMillis(1, "a.test", 500));
  }

  @Test
  public void withinATaskTheBackoffIsAtLeastASecondAndAtMostTheBackoffAcrossRounds() {
    Backoff task = new Backoff(60_000, 3_600_000, 4);
    long noDelay = task.withinTaskMillis(0, "a.test", 0);
    assertTrue("asked without delay: " + noDelay, noDelay >= 1000 && noDelay <= 1250);
    assertEquals(
        "asked every 20 s: not 80 s but the backoff across rounds",
        task.delayMillis(0, "a.test"),
        task.withinTaskMillis(0, "a.test", 20_000));
    assertEquals(
        "no backoff across rounds, none within the task (bench --features-off)",
        0,
        new Backoff(0, 0, 4).withinTaskMillis(0, "a.test", 500));
  }

  @Test
  public void aTaskFactorOfZeroBacksOffWithinTheTaskAsAcrossRounds() {
    Configuration conf = new Configuration(false);
    conf.set(PolitenessKeys.BACKOFF_TASK_FACTOR, "0");
    Backoff asBefore = Backoff.from(conf);
    assertEquals(asBefore.delayMillis(2, "a.test"), asBefore.withinTaskMillis(2, "a.test", 500));
    conf.set(PolitenessKeys.BACKOFF_TASK_FACTOR, "-1");
    BadSettingException e = assertThrows(BadSettingException.class, () -> Backoff.from(conf));
    assertTrue(e.getMessage(), e.getMessage().contains(PolitenessKeys.BACKOFF_TASK_FACTOR));
  }

  @Test
  public void aCapBelowTheStartOrANegativeStartIsABadSetting() {
    Configuration conf = new Configuration(false);
    conf.set(PolitenessKeys.BACKOFF_START, "120");
    conf.set(PolitenessKeys.BACKOFF_MAX, "60");
    BadSettingException e = assertThrows(BadSettingException.class, () -> Backoff.from(conf));
    assertTrue(e.getMessage(), e.getMessage().contains(PolitenessKeys.BACKOFF_MAX));
    conf.set(PolitenessKeys.BACKOFF_START, "-1");
    assertThrows(BadSettingException.class, () -> Backoff.from(conf));
  }
}
