package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

/** Mirror hosts learned from the copies dedup marked, judged again every round. */
public class MirrorLearningTest {
  private static final MirrorLearning LEARNING = new MirrorLearning(3);

  private static MirrorLearning.Tally tally(int copies, String of, int own) {
    MirrorLearning.Tally t = new MirrorLearning.Tally();
    for (int i = 0; i < copies; i++) {
      t.add(of);
    }
    for (int i = 0; i < own; i++) {
      t.add("");
    }
    return t;
  }

  @Test
  public void aHostWhosePagesAreMostlyCopiesOfAnothersAtTheSamePathsMirrorsIt() {
    assertEquals(
        new MirrorLearning.Mirror("www.amber.test", 4),
        LEARNING.judge(tally(4, "www.amber.test", 3)));
  }

  @Test
  public void tooFewCopiesOrHalfOrLessOfItsPagesIsNoMirror() {
    assertEquals(MirrorLearning.Mirror.NONE, LEARNING.judge(tally(2, "www.amber.test", 0)));
    assertEquals(MirrorLearning.Mirror.NONE, LEARNING.judge(tally(5, "www.amber.test", 5)));
    assertEquals(MirrorLearning.Mirror.NONE, new MirrorLearning(0).judge(tally(9, "w.test", 0)));
  }

  @Test
  public void pagesThatTurnOutToDifferUndoIt() {
    // the same host next round: its copies re-fetched differ, dedup no longer marks them
    assertEquals(MirrorLearning.Mirror.NONE, LEARNING.judge(tally(1, "www.amber.test", 6)));
  }

  @Test
  public void copiesSplitOverHostsCountForTheHostWithMost() {
    MirrorLearning.Tally t = tally(3, "a.test", 0);
    t.add("b.test");
    assertEquals(new MirrorLearning.Mirror("a.test", 3), LEARNING.judge(t));
  }

  @Test
  public void onlyACopyOfTheSamePathAndQueryOnAnotherHostIsAMirrorsCopy() {
    assertEquals(
        "www.amber.test",
        MirrorLearning.copyOf("http://mirror.amber.test/p/1?a=b", "http://www.amber.test/p/1?a=b"));
    assertEquals(
        "", MirrorLearning.copyOf("http://mirror.amber.test/p/1", "http://www.amber.test/p/2"));
    assertEquals(
        "",
        MirrorLearning.copyOf("http://www.amber.test/p/1?print=1", "http://www.amber.test/p/1"));
    assertEquals("", MirrorLearning.copyOf("http://mirror.amber.test/p/1", null));
  }
}
