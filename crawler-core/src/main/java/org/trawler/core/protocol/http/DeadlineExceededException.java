package org.trawler.core.protocol.http;

import java.io.IOException;

/** The fetch's deadline passed while it was still running. */
public final class DeadlineExceededException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The body bytes read before the deadline (empty when it passed before the body). */
  private final transient byte[] partialBody;

  DeadlineExceededException() {
    this(new byte[0]);
  }

  DeadlineExceededException(byte[] partialBody) {
    super("request deadline exceeded");
    this.partialBody = partialBody;
  }

  byte[] partialBody() {
    return partialBody;
  }
}
