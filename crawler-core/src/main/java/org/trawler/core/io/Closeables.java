package org.trawler.core.io;

import java.io.Closeable;
import java.io.IOException;

/**
 * Closing several files of one output together: a task's writers must all be closed even when one
 * fails (each holds a part file and its buffers), and the task still fails with what went wrong.
 */
public final class Closeables {
  private Closeables() {}

  /**
   * Closes every one of {@code all}, in order, then throws the first failure (the later ones added
   * to it as suppressed), if any.
   */
  public static void closeAll(Iterable<? extends Closeable> all) throws IOException {
    IOException first = null;
    for (Closeable c : all) {
      try {
        c.close();
      } catch (IOException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
