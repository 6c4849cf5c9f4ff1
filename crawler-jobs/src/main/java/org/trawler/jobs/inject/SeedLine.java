package org.trawler.jobs.inject;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.trawler.jobs.JobCounter;

/**
 * One line of a seed file, read but not yet judged: the URL as written and its tab-separated {@code
 * key=value} metadata, with the reserved keys nutch.score, nutch.fetchInterval and
 * nutch.fetchInterval.fixed parsed and checked.
 */
public final class SeedLine {
  public static final String SCORE = "nutch.score";
  public static final String FETCH_INTERVAL = "nutch.fetchInterval";
  public static final String FIXED_INTERVAL = "nutch.fetchInterval.fixed";

  /**
   * Why a line is not a seed; each is a counter of inject's group and adds to urls_malformed or
   * urls_rejected.
   */
  public enum Problem implements JobCounter {
    BINARY_LINE(false),
    URL_TOO_LONG(false),
    MALFORMED_URL(false),
    BAD_SCORE(false),
    BAD_FETCH_INTERVAL(false),
    BAD_METADATA(false),
    /** A normalizer or filter threw on this URL: a bug in it, logged with its stack trace. */
    URL_RULES_FAILED(false),
    REJECTED_BY_NORMALIZER(true),
    REJECTED_BY_FILTER(true);

    private final boolean rejected;

    Problem(boolean rejected) {
      this.rejected = rejected;
    }

    @Override
    public String group() {
      return InjectCounter.GROUP;
    }

    /** The summary counter this problem adds to: urls_rejected or urls_malformed. */
    public InjectCounter summaryCounter() {
      return rejected ? InjectCounter.URLS_REJECTED : InjectCounter.URLS_MALFORMED;
    }
  }

  /** A line that is not a seed, with the reason in words. */
  public static final class BadSeedException extends Exception {
    private final Problem problem;

    public BadSeedException(Problem problem, String message) {
      this(problem, message, null);
    }

    public BadSeedException(Problem problem, String message, Throwable cause) {
      super(message, cause);
      this.problem = problem;
    }

    public Problem problem() {
      return problem;
    }
  }

  private final String url;
  private final Float score;
  private final Integer fetchInterval;
  private final Integer fixedInterval;
  private final Map<String, String> metadata;

  private SeedLine(
      String url,
      Float score,
      Integer fetchInterval,
      Integer fixedInterval,
      Map<String, String> metadata) {
    this.url = url;
    this.score = score;
    this.fetchInterval = fetchInterval;
    this.fixedInterval = fixedInterval;
    this.metadata = Collections.unmodifiableMap(metadata);
  }

  /**
   * Reads one line: null for a blank line or a {@code #} comment, else the seed. Fails on control
   * characters or invalid UTF-8 (a binary file), a field without {@code =}, and a bad reserved
   * value.
   */
  public static SeedLine parse(String line) throws BadSeedException {
    String trimmed = line.strip();
    if (trimmed.startsWith("\uFEFF")) { // a byte-order mark from a Windows editor
      trimmed = trimmed.substring(1).strip();
    }
    if (trimmed.isEmpty() || trimmed.startsWith("#")) {
      return null;
    }
    for (int i = 0; i < trimmed.length(); i++) {
      char c = trimmed.charAt(i);
      if (c == '\uFFFD' || (Character.isISOControl(c) && c != '\t')) {
        throw new BadSeedException(
            Problem.BINARY_LINE,
            "not text (control character or invalid UTF-8 at column "
                + (i + 1)
                + "): is this a binary file?");
      }
    }
    String[] fields = trimmed.split("\t");
    String url = fields[0].strip();
    Float score = null;
    Integer interval = null;
    Integer fixed = null;
    Map<String, String> metadata = new LinkedHashMap<>();
    for (int i = 1; i < fields.length; i++) {
      String field = fields[i].strip();
      if (field.isEmpty()) {
        continue;
      }
      int eq = field.indexOf('=');
      if (eq <= 0) {
        throw new BadSeedException(
            Problem.BAD_METADATA, "metadata field '" + field + "' is not key=value");
      }
      String key = field.substring(0, eq).strip();
      String value = field.substring(eq + 1).strip();
      switch (key) {
        case SCORE:
          score = parseScore(value);
          break;
        case FETCH_INTERVAL:
          interval = parseSeconds(key, value);
          break;
        case FIXED_INTERVAL:
          fixed = parseSeconds(key, value);
          break;
        default:
          metadata.put(key, value);
      }
    }
    return new SeedLine(url, score, interval, fixed, metadata);
  }

  private static float parseScore(String value) throws BadSeedException {
    try {
      float score = Float.parseFloat(value);
      if (Float.isFinite(score) && score >= 0) {
        return score;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadSeedException(Problem.BAD_SCORE, SCORE + "=" + value + " is not a number >= 0");
  }

  private static int parseSeconds(String key, String value) throws BadSeedException {
    try {
      int seconds = Integer.parseInt(value);
      if (seconds > 0) {
        return seconds;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadSeedException(
        Problem.BAD_FETCH_INTERVAL, key + "=" + value + " is not a whole number of seconds > 0");
  }

  /** The URL as written, before normalizing. */
  public String url() {
    return url;
  }

  /** nutch.score, or null when the line does not set it. */
  public Float score() {
    return score;
  }

  /** nutch.fetchInterval in seconds, or null. */
  public Integer fetchInterval() {
    return fetchInterval;
  }

  /** nutch.fetchInterval.fixed in seconds, or null. */
  public Integer fixedInterval() {
    return fixedInterval;
  }

  /** The other key=value pairs, as written, in line order. */
  public Map<String, String> metadata() {
    return metadata;
  }
}
