package org.trawler.core;

/**
 * A problem the user can fix (a bad path, a held lock, a corrupt file): the command prints the
 * message as one line and exits with {@link #exitCode()}, no stack trace.
 */
public class UserException extends Exception {
  /** Exit codes: 0 success, 1 nothing to do or not found, 2 usage error, 3 failure. */
  public static final int NOTHING_TO_DO = 1;

  public static final int USAGE = 2;
  public static final int FAILED = 3;

  private final int exitCode;

  public UserException(String message) {
    this(message, FAILED);
  }

  public UserException(String message, int exitCode) {
    super(message);
    this.exitCode = exitCode;
  }

  public UserException(String message, Throwable cause) {
    super(message, cause);
    this.exitCode = FAILED;
  }

  public int exitCode() {
    return exitCode;
  }
}
