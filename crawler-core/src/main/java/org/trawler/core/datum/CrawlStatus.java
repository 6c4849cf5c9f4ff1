package org.trawler.core.datum;

/**
 * The status of a {@link CrawlDatum}: crawldb, fetch and other ranges. Each status keeps the byte
 * code written on disk ({@link #code()}, {@link #fromCode(byte)}), so existing data reads the same.
 */
public enum CrawlStatus {
  DB_UNFETCHED(0x01),
  DB_FETCHED(0x02),
  DB_GONE(0x03),
  DB_REDIR_TEMP(0x04),
  DB_REDIR_PERM(0x05),
  DB_NOTMODIFIED(0x06),
  DB_DUPLICATE(0x07),
  DB_ORPHAN(0x08),

  FETCH_SUCCESS(0x21),
  FETCH_RETRY(0x22),
  FETCH_REDIR_TEMP(0x23),
  FETCH_REDIR_PERM(0x24),
  FETCH_GONE(0x25),
  FETCH_NOTMODIFIED(0x26),

  SIGNATURE(0x41),
  INJECTED(0x42),
  LINKED(0x43),
  PARSE_META(0x44),

  /**
   * A code no status has (an unset datum's 0, or a byte written by another version): kept as read
   * by {@link CrawlDatum}, so that readers can name it and updatedb can count it as bad input.
   */
  UNKNOWN(0x00);

  private static final int DB_MAX = 0x1f;
  private static final int FETCH_MIN = 0x20;
  private static final int FETCH_MAX = 0x3f;
  private static final CrawlStatus[] BY_CODE = new CrawlStatus[256];

  static {
    for (CrawlStatus s : values()) {
      if (s != UNKNOWN) {
        BY_CODE[s.code & 0xff] = s;
      }
    }
  }

  private final byte code;

  CrawlStatus(int code) {
    this.code = (byte) code;
  }

  /** The byte written on disk. */
  public byte code() {
    return code;
  }

  /** The status with this on-disk code; {@link #UNKNOWN} for a code no status has. */
  public static CrawlStatus fromCode(byte code) {
    CrawlStatus s = BY_CODE[code & 0xff];
    return s != null ? s : UNKNOWN;
  }

  /** The lower-case name readers and counters use ({@code db_fetched}). */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The label of an on-disk code; {@code unknown_0xNN} for a code no status has. */
  public static String label(byte code) {
    CrawlStatus s = fromCode(code);
    return s != UNKNOWN ? s.label() : String.format("unknown_0x%02x", code);
  }

  /** The status with this label (case ignored), or null when no status has it. */
  public static CrawlStatus fromLabel(String label) {
    for (CrawlStatus s : values()) {
      if (s != UNKNOWN && s.label().equalsIgnoreCase(label)) {
        return s;
      }
    }
    return null;
  }

  /** Every named status, in declaration order ({@link #UNKNOWN} left out). */
  public static CrawlStatus[] named() {
    CrawlStatus[] all = values();
    return java.util.Arrays.copyOf(all, all.length - 1);
  }

  /** A crawldb status (code 0x01 to 0x1f). */
  public boolean isDbStatus() {
    return code > 0 && code <= DB_MAX;
  }

  /** The outcome of a fetch (code 0x20 to 0x3f). */
  public boolean isFetchStatus() {
    return code >= FETCH_MIN && code <= FETCH_MAX;
  }

  @Override
  public String toString() {
    return label();
  }
}
