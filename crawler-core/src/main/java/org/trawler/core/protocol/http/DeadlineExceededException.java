package org.trawler.core.protocol.http;

import java.io.IOException;

/** The fetch's deadline passed while it was still running. */
final class DeadlineExceededException extends IOException {
  private static final long serialVersionUID = 1L;

  DeadlineExceededException() {
    super("request deadline exceeded");
  }
}
