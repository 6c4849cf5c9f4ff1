package org.trawler.jobs.politeness;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;

/** A host's own pace after refusals: raised by the factor up to the cap, relaxed back. */
public class PaceTest {
  private final Pace pace = new Pace(500, 4000, 2);

  @Test
  public void aRefusalDoublesTheDelayTheHostWasAskedAtUpToTheCap() {
    assertEquals("asked at the server delay", 1000, pace.raised(0));
    assertEquals(3000, pace.raised(1500));
    assertEquals("fetcher.max.crawl.delay", 4000, pace.raised(3000));
  }

  @Test
  public void eachRefusalOfARoundRaisesThePaceOnceAsInTheTaskUpToTheCap() {
    assertEquals(pace.raised(0), pace.raised(0, 1));
    assertEquals("0.5 s, then 1 s, then 2 s", 2000, pace.raised(0, 2));
    assertEquals(4000, pace.raised(0, 100));
    assertEquals("off: none", 0, new Pace(500, 4000, 1).raised(0, 3));
  }

  @Test
  public void relaxingStepsBackToTheServerDelayThenToNoPaceOfItsOwn() {
    assertEquals(2000, pace.relaxed(4000));
    assertEquals(1000, pace.relaxed(2000));
    assertEquals(0, pace.relaxed(1000));
  }

  @Test
  public void itRisesByTheFactorAndRelaxesByHalvesWhateverTheFactor() {
    Pace steep = new Pace(500, 30_000, 4);
    assertEquals("0.5 s asked, refused: 2 s", 2000, steep.raised(0));
    assertEquals("a clean round: 1 s", 1000, steep.relaxed(2000));
    assertEquals("another: back at the server delay", 0, steep.relaxed(1000));
  }

  @Test
  public void aFactorOfOneIsOffAndTheDefaultQuadruplesTheServerDelay() {
    Pace off = new Pace(500, 4000, 1);
    assertFalse(off.isOn());
    assertEquals(0, off.raised(2000));
    assertEquals(0, off.relaxed(2000));
    Configuration conf = new Configuration(false);
    conf.set(PolitenessKeys.SERVER_DELAY, "0.5");
    assertEquals("the default factor 4", 2000, Pace.from(conf).raised(0));
  }
}
