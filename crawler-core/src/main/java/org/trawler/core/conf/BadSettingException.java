package org.trawler.core.conf;

/**
 * A configuration value the crawler cannot use, thrown where the setting is read. The message is
 * one line, "key: what is wrong with the value and what is allowed"; a command prints it and exits
 * 2, as for a usage error, but without the usage: the command line itself was fine.
 */
public class BadSettingException extends IllegalArgumentException {
  private final String key;

  /**
   * @param problem names the bad value and what is allowed, e.g. "must be at least 1, not 0"
   */
  public BadSettingException(String key, String problem) {
    super(key + ": " + problem);
    this.key = key;
  }

  public BadSettingException(String key, String problem, Throwable cause) {
    super(key + ": " + problem, cause);
    this.key = key;
  }

  /** The configuration key whose value is bad. */
  public String key() {
    return key;
  }
}
