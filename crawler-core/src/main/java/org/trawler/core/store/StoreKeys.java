package org.trawler.core.store;

/** Configuration keys of the crawldb store. */
public final class StoreKeys {
  /** Keep the previous crawldb version in crawldb/old after an install. */
  public static final String PRESERVE_BACKUP = "db.preserve.backup";

  public static final boolean DEFAULT_PRESERVE_BACKUP = true;

  /** Seconds after which a lock is considered stale and broken; 0 = never. */
  public static final String LOCK_STALE_AFTER = "db.lock.stale.after";

  public static final long DEFAULT_LOCK_STALE_AFTER = 0;

  /**
   * Sync a new crawldb, linkdb or index version and moved segment parts to disk (fsync) before
   * installing them.
   */
  public static final String FSYNC = "db.fsync";

  public static final boolean DEFAULT_FSYNC = true;

  private StoreKeys() {}
}
