package org.trawler.core.datum;

import java.util.LinkedHashMap;
import java.util.Map;

/** The status byte of a {@link CrawlDatum}: crawldb, fetch and other ranges. */
public final class CrawlStatus {

  public static final byte DB_UNFETCHED = 0x01;
  public static final byte DB_FETCHED = 0x02;
  public static final byte DB_GONE = 0x03;
  public static final byte DB_REDIR_TEMP = 0x04;
  public static final byte DB_REDIR_PERM = 0x05;
  public static final byte DB_NOTMODIFIED = 0x06;
  public static final byte DB_DUPLICATE = 0x07;
  public static final byte DB_ORPHAN = 0x08;
  public static final byte DB_MAX = 0x1f;

  public static final byte FETCH_SUCCESS = 0x21;
  public static final byte FETCH_RETRY = 0x22;
  public static final byte FETCH_REDIR_TEMP = 0x23;
  public static final byte FETCH_REDIR_PERM = 0x24;
  public static final byte FETCH_GONE = 0x25;
  public static final byte FETCH_NOTMODIFIED = 0x26;
  public static final byte FETCH_MIN = 0x20;
  public static final byte FETCH_MAX = 0x3f;

  public static final byte SIGNATURE = 0x41;
  public static final byte INJECTED = 0x42;
  public static final byte LINKED = 0x43;
  public static final byte PARSE_META = 0x44;

  private static final Map<Byte, String> NAMES = new LinkedHashMap<>();

  static {
    NAMES.put(DB_UNFETCHED, "db_unfetched");
    NAMES.put(DB_FETCHED, "db_fetched");
    NAMES.put(DB_GONE, "db_gone");
    NAMES.put(DB_REDIR_TEMP, "db_redir_temp");
    NAMES.put(DB_REDIR_PERM, "db_redir_perm");
    NAMES.put(DB_NOTMODIFIED, "db_notmodified");
    NAMES.put(DB_DUPLICATE, "db_duplicate");
    NAMES.put(DB_ORPHAN, "db_orphan");
    NAMES.put(FETCH_SUCCESS, "fetch_success");
    NAMES.put(FETCH_RETRY, "fetch_retry");
    NAMES.put(FETCH_REDIR_TEMP, "fetch_redir_temp");
    NAMES.put(FETCH_REDIR_PERM, "fetch_redir_perm");
    NAMES.put(FETCH_GONE, "fetch_gone");
    NAMES.put(FETCH_NOTMODIFIED, "fetch_notmodified");
    NAMES.put(SIGNATURE, "signature");
    NAMES.put(INJECTED, "injected");
    NAMES.put(LINKED, "linked");
    NAMES.put(PARSE_META, "parse_meta");
  }

  private CrawlStatus() {}

  /** The lower-case name readers and counters use; {@code unknown_0xNN} for a byte with no name. */
  public static String name(byte status) {
    String name = NAMES.get(status);
    return name != null ? name : String.format("unknown_0x%02x", status);
  }

  /** The status byte for a name, or -1 when no status has that name. */
  public static byte fromName(String name) {
    for (Map.Entry<Byte, String> e : NAMES.entrySet()) {
      if (e.getValue().equalsIgnoreCase(name)) {
        return e.getKey();
      }
    }
    return -1;
  }

  /** Every status byte that has a name, in declaration order. */
  public static byte[] all() {
    byte[] all = new byte[NAMES.size()];
    int i = 0;
    for (byte b : NAMES.keySet()) {
      all[i++] = b;
    }
    return all;
  }

  public static boolean isDbStatus(byte status) {
    return status > 0 && status <= DB_MAX;
  }

  public static boolean isFetchStatus(byte status) {
    return status >= FETCH_MIN && status <= FETCH_MAX;
  }
}
