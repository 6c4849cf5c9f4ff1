package org.trawler.jobs.linkdb;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.Test;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;

public class InlinksMergeTest {

  private static Inlinks inlinks(String... fromAndAnchor) {
    Inlinks in = new Inlinks();
    for (int i = 0; i < fromAndAnchor.length; i += 2) {
      in.add(fromAndAnchor[i], fromAndAnchor[i + 1]);
    }
    return in;
  }

  @Test
  public void inlinksFromAllValuesAreMergedInOrderWithoutRepeats() {
    Inlinks merged =
        InlinksMerge.merge(
            List.of(
                inlinks("http://c/", "c", "http://a/", "a"),
                inlinks("http://b/", "b", "http://a/", "a"),
                inlinks("http://a/", "other anchor")),
            -1);
    assertEquals(
        List.of(
            new Outlink("http://a/", "a"),
            new Outlink("http://a/", "other anchor"),
            new Outlink("http://b/", "b"),
            new Outlink("http://c/", "c")),
        merged.getInlinks());
  }

  @Test
  public void theCapKeepsTheFirstInlinksWhateverTheInputOrder() {
    List<Inlinks> values = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      values.add(inlinks(String.format("http://h%02d/", i), "x"));
    }
    List<Outlink> expected = InlinksMerge.merge(values, -1).getInlinks().subList(0, 7);
    for (long seed = 0; seed < 5; seed++) {
      Collections.shuffle(values, new java.util.Random(seed));
      Inlinks merged = InlinksMerge.merge(values, 7);
      assertEquals(expected, merged.getInlinks());
    }
    assertEquals("http://h00/", expected.get(0).getToUrl());
    assertEquals("http://h06/", expected.get(6).getToUrl());
  }

  @Test
  public void mergingOneSortedListGivesWhatMergingTheValuesGives() {
    java.util.Random random = new java.util.Random(31);
    for (int round = 0; round < 200; round++) {
      List<Inlinks> values = new ArrayList<>();
      List<Outlink> all = new ArrayList<>();
      for (int v = random.nextInt(6); v >= 0; v--) {
        Inlinks value = new Inlinks();
        for (int i = random.nextInt(8); i > 0; i--) {
          String from = "http://h" + random.nextInt(6) + "/";
          String anchor = "a" + random.nextInt(3);
          value.add(from, anchor);
          all.add(new Outlink(from, anchor));
        }
        values.add(value);
      }
      int max = random.nextInt(12) - 2;
      assertEquals(
          "cap " + max + ", " + values,
          InlinksMerge.merge(values, max).getInlinks(),
          InlinksMerge.mergeSorting(all, max).getInlinks());
    }
  }

  @Test
  public void aUrlWithFarMoreInlinksThanTheCapKeepsTheFirstOnesWhateverTheirOrder() {
    List<Inlinks> values = new ArrayList<>();
    for (int i = 999; i >= 0; i--) {
      // each page twice, as two merged records of the same page would have it
      values.add(inlinks(String.format("http://h%03d/", i), "x", "http://h500/", "x"));
    }
    Inlinks merged = InlinksMerge.merge(values, 3);
    assertEquals(
        List.of(
            new Outlink("http://h000/", "x"),
            new Outlink("http://h001/", "x"),
            new Outlink("http://h002/", "x")),
        merged.getInlinks());
    assertEquals(1000, InlinksMerge.merge(values, -1).size());
  }

  @Test
  public void capZeroKeepsNothing() {
    assertEquals(0, InlinksMerge.merge(List.of(inlinks("http://a/", "a")), 0).size());
  }
}
