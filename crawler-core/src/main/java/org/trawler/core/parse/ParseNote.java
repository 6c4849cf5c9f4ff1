package org.trawler.core.parse;

/**
 * What a parse filter noted on one page: a counter of group {@value #GROUP} to add one to (or
 * null), and a line for {@code check} to show (or empty).
 */
public record ParseNote(String filter, String counter, String detail) {
  /** The Hadoop counter group of the parse filters' counters. */
  public static final String GROUP = "parse_filters";
}
