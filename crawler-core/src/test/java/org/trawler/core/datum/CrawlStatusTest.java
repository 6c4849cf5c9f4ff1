package org.trawler.core.datum;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.Test;

public class CrawlStatusTest {

  /** The on-disk codes of DESIGN.md §2: a crawldb written by any earlier build reads the same. */
  private static final Map<CrawlStatus, Integer> CODES = new LinkedHashMap<>();

  static {
    CODES.put(CrawlStatus.DB_UNFETCHED, 0x01);
    CODES.put(CrawlStatus.DB_FETCHED, 0x02);
    CODES.put(CrawlStatus.DB_GONE, 0x03);
    CODES.put(CrawlStatus.DB_REDIR_TEMP, 0x04);
    CODES.put(CrawlStatus.DB_REDIR_PERM, 0x05);
    CODES.put(CrawlStatus.DB_NOTMODIFIED, 0x06);
    CODES.put(CrawlStatus.DB_DUPLICATE, 0x07);
    CODES.put(CrawlStatus.DB_ORPHAN, 0x08);
    CODES.put(CrawlStatus.FETCH_SUCCESS, 0x21);
    CODES.put(CrawlStatus.FETCH_RETRY, 0x22);
    CODES.put(CrawlStatus.FETCH_REDIR_TEMP, 0x23);
    CODES.put(CrawlStatus.FETCH_REDIR_PERM, 0x24);
    CODES.put(CrawlStatus.FETCH_GONE, 0x25);
    CODES.put(CrawlStatus.FETCH_NOTMODIFIED, 0x26);
    CODES.put(CrawlStatus.SIGNATURE, 0x41);
    CODES.put(CrawlStatus.INJECTED, 0x42);
    CODES.put(CrawlStatus.LINKED, 0x43);
    CODES.put(CrawlStatus.PARSE_META, 0x44);
  }

  @Test
  public void everyStatusKeepsItsOnDiskCode() {
    assertEquals("every named status is pinned", CrawlStatus.named().length, CODES.size());
    for (Map.Entry<CrawlStatus, Integer> e : CODES.entrySet()) {
      assertEquals(e.getKey().label(), (byte) (int) e.getValue(), e.getKey().code());
      assertSame(e.getKey(), CrawlStatus.fromCode((byte) (int) e.getValue()));
    }
  }

  @Test
  public void aDatumWritesItsStatusAsTheCodeAfterTheVersionByte() throws IOException {
    for (Map.Entry<CrawlStatus, Integer> e : CODES.entrySet()) {
      byte[] bytes = bytes(new CrawlDatum(e.getKey(), 0, 1f));
      assertEquals(CrawlDatum.VERSION, bytes[0]);
      assertEquals(e.getKey().label(), (byte) (int) e.getValue(), bytes[1]);
      assertSame(e.getKey(), read(bytes).getStatus());
    }
  }

  @Test
  public void anUnknownCodeIsReadAsUnknownAndWrittenBackUnchanged() throws IOException {
    byte[] bytes = bytes(new CrawlDatum(CrawlStatus.DB_FETCHED, 0, 1f));
    bytes[1] = 0x3e;
    CrawlDatum datum = read(bytes);
    assertSame(CrawlStatus.UNKNOWN, datum.getStatus());
    assertEquals("unknown_0x3e", datum.statusLabel());
    assertArrayEquals(bytes, bytes(new CrawlDatum(datum)));
  }

  @Test
  public void namesAreTheDesignsLowerCaseNames() {
    assertEquals("db_unfetched", CrawlStatus.DB_UNFETCHED.label());
    assertEquals("db_fetched", CrawlStatus.label((byte) 0x02));
    assertEquals("db_gone", CrawlStatus.label((byte) 0x03));
    assertEquals("db_redir_temp", CrawlStatus.label((byte) 0x04));
    assertEquals("db_redir_perm", CrawlStatus.label((byte) 0x05));
    assertEquals("db_notmodified", CrawlStatus.label((byte) 0x06));
    assertEquals("db_duplicate", CrawlStatus.label((byte) 0x07));
    assertEquals("db_orphan", CrawlStatus.label((byte) 0x08));
    assertEquals("fetch_success", CrawlStatus.label((byte) 0x21));
    assertEquals("fetch_retry", CrawlStatus.label((byte) 0x22));
    assertEquals("fetch_redir_temp", CrawlStatus.label((byte) 0x23));
    assertEquals("fetch_redir_perm", CrawlStatus.label((byte) 0x24));
    assertEquals("fetch_gone", CrawlStatus.label((byte) 0x25));
    assertEquals("fetch_notmodified", CrawlStatus.label((byte) 0x26));
    assertEquals("signature", CrawlStatus.label((byte) 0x41));
    assertEquals("injected", CrawlStatus.label((byte) 0x42));
    assertEquals("linked", CrawlStatus.label((byte) 0x43));
    assertEquals("parse_meta", CrawlStatus.label((byte) 0x44));
    assertEquals("db_fetched", CrawlStatus.DB_FETCHED.toString());
  }

  @Test
  public void unnamedByteGetsAHexName() {
    assertEquals("unknown_0x00", CrawlStatus.label((byte) 0));
    assertEquals("unknown_0x1f", CrawlStatus.label((byte) 0x1f));
    assertEquals("unknown_0xff", CrawlStatus.label((byte) -1));
    assertSame(CrawlStatus.UNKNOWN, CrawlStatus.fromCode((byte) 0x1f));
  }

  @Test
  public void fromLabelIsTheInverseOfLabelAndIgnoresCase() {
    Set<String> names = new HashSet<>();
    for (CrawlStatus status : CrawlStatus.named()) {
      assertSame(status, CrawlStatus.fromLabel(status.label()));
      assertTrue("unique name", names.add(status.label()));
    }
    assertEquals(18, names.size());
    assertSame(CrawlStatus.DB_FETCHED, CrawlStatus.fromLabel("DB_Fetched"));
    assertNull(CrawlStatus.fromLabel("db_nonsense"));
    assertNull(CrawlStatus.fromLabel("unknown"));
    assertNull(CrawlStatus.fromLabel(null));
  }

  @Test
  public void rangesSeparateCrawlDbFetchAndOtherStatuses() {
    for (CrawlStatus status : CrawlStatus.values()) {
      String name = status.label();
      assertEquals(name, name.startsWith("db_"), status.isDbStatus());
      assertEquals(name, name.startsWith("fetch_"), status.isFetchStatus());
    }
    assertFalse(CrawlStatus.UNKNOWN.isDbStatus());
    assertFalse(CrawlStatus.UNKNOWN.isFetchStatus());
  }

  private static byte[] bytes(CrawlDatum datum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    datum.write(new DataOutputStream(out));
    return out.toByteArray();
  }

  private static CrawlDatum read(byte[] bytes) throws IOException {
    CrawlDatum datum = new CrawlDatum();
    datum.readFields(new DataInputStream(new ByteArrayInputStream(bytes)));
    return datum;
  }
}
