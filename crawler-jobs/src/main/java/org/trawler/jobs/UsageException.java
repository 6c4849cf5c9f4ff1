package org.trawler.jobs;

/** The command line was wrong: the tool prints the message and its usage, and exits 2. */
public class UsageException extends Exception {
  public UsageException(String message) {
    super(message);
  }
}
