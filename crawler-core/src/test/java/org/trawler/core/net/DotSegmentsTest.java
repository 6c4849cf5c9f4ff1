package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

public class DotSegmentsTest {

  @Test
  public void rfc3986Examples() {
    assertEquals("/a/g", DotSegments.remove("/a/b/c/./../../g"));
    assertEquals("mid/6", DotSegments.remove("mid/content=5/../6"));
  }

  @Test
  public void singleAndDoubleDotsAnywhere() {
    assertEquals("/a/c/d", DotSegments.remove("/a/b/../c/./d"));
    assertEquals("/a/", DotSegments.remove("/a/b/.."));
    assertEquals("/a/", DotSegments.remove("/a/."));
    assertEquals("/a/", DotSegments.remove("/a/./"));
    assertEquals("/", DotSegments.remove("/."));
    assertEquals("/", DotSegments.remove("/./"));
    assertEquals("/a//b", DotSegments.remove("/a//./b"));
  }

  @Test
  public void dotDotAboveTheRootIsDropped() {
    assertEquals("/a", DotSegments.remove("/../../a"));
    assertEquals("/", DotSegments.remove("/.."));
    assertEquals("/", DotSegments.remove("/a/../.."));
    assertEquals("/b/", DotSegments.remove("/a/../../b/"));
  }

  @Test
  public void relativePathsLoseTheirLeadingDots() {
    assertEquals("g", DotSegments.remove("./g"));
    assertEquals("g", DotSegments.remove("../g"));
    assertEquals("g", DotSegments.remove("../../g"));
    assertEquals("", DotSegments.remove("."));
    assertEquals("", DotSegments.remove(".."));
    assertEquals("a/", DotSegments.remove("a/b/.."));
  }

  @Test
  public void dotsInsideNamesAreNoSegments() {
    String path = "/a/.b/..c/.../d./e..";
    assertSame(path, DotSegments.remove(path));
    assertFalse(DotSegments.present(path, 0, path.length()));
    assertSame("", DotSegments.remove(""));
    assertSame("/", DotSegments.remove("/"));
  }

  @Test
  public void escapedDotsAreLeftToTheCallerToDecode() {
    assertEquals("/a/%2E%2E/b", DotSegments.remove("/a/%2E%2E/b"));
  }

  @Test
  public void appendWorksOnARangeAndNeverClimbsIntoWhatIsAlreadyWritten() {
    StringBuilder out = new StringBuilder("http://host");
    DotSegments.append(out, "xx/../../a/./b?q", 2, 14);
    assertEquals("http://host/a/b", out.toString());
    assertTrue(DotSegments.present("x/..", 1, 4));
    assertFalse(DotSegments.present("x/..y", 1, 5));
  }
}
