package org.trawler.core.store;

import org.apache.hadoop.fs.Path;

/** How paths appear in messages and logs. */
public final class PathNames {
  private PathNames() {}

  /**
   * A local path without its file: scheme, as a user types it; other file systems' paths in full.
   */
  public static String forUser(Path path) {
    return "file".equals(path.toUri().getScheme()) ? path.toUri().getPath() : path.toString();
  }
}
