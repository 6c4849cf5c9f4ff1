package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import org.junit.Test;

/** The soak's verdict on a figure measured once per round. */
public class FlatnessTest {

  private static double[] rounds(int n, double value) {
    double[] v = new double[n];
    Arrays.fill(v, value);
    return v;
  }

  @Test
  public void aSteadyFigureIsFlatAndTheWarmUpRoundsDoNotCount() {
    double[] v = rounds(30, 100);
    v[0] = 10; // rounds 1-4 warm up
    v[3] = 500;
    Flatness.Verdict verdict = Flatness.judge("pages/s", v);
    assertTrue(verdict.flat());
    assertEquals(100, verdict.reference(), 0);
    assertEquals(100, verdict.last(), 0);
  }

  @Test
  public void aFigureThatGrowsMoreThanTenPercentIsNotFlat() {
    double[] v = new double[40];
    for (int i = 0; i < v.length; i++) {
      v[i] = 100 + i; // a leak: one more per round (round i + 1)
    }
    Flatness.Verdict verdict = Flatness.judge("heap", v);
    assertFalse(verdict.flat());
    assertEquals(109, verdict.reference(), 0); // rounds 5-15: 104..114
    assertEquals(134.5, verdict.last(), 0); // rounds 31-40
  }

  @Test
  public void aFallBeyondTenPercentIsNotFlatEither() {
    double[] v = rounds(30, 100);
    Arrays.fill(v, 20, 30, 89);
    assertFalse(Flatness.judge("pages/s", v).flat());
    Arrays.fill(v, 20, 30, 91);
    assertTrue(Flatness.judge("pages/s", v).flat());
  }

  @Test
  public void mediansLetASingleDisturbedRoundPass() {
    double[] v = rounds(30, 100);
    v[8] = 20; // another process took the machine for a round
    v[27] = 300;
    assertTrue(Flatness.judge("pages/s", v).flat());
  }

  @Test
  public void zeroStaysFlatButZeroThenSomethingIsNot() {
    assertTrue(Flatness.judge("temp disk", rounds(30, 0)).flat());
    double[] v = rounds(30, 0);
    Arrays.fill(v, 20, 30, 4096);
    Flatness.Verdict verdict = Flatness.judge("temp disk", v);
    assertFalse(verdict.flat());
    assertEquals(Double.POSITIVE_INFINITY, verdict.ratio(), 0);
  }

  @Test
  public void tooFewRoundsGiveNoVerdict() {
    assertNull(Flatness.judge("threads", rounds(Flatness.MIN_ROUNDS - 1, 10)));
    assertTrue(Flatness.judge("threads", rounds(Flatness.MIN_ROUNDS, 10)).flat());
  }
}
