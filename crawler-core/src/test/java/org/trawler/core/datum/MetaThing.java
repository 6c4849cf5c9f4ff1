package org.trawler.core.datum;

/**
 * Not a Writable, with a public no-argument constructor: what a forged class name could point at.
 */
public class MetaThing {
  public MetaThing() {
    throw new AssertionError("a class named by a data file was constructed");
  }
}
