package org.trawler.core.datum;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.Test;

public class CrawlStatusTest {

  @Test
  public void namesAreTheDesignsLowerCaseNames() {
    assertEquals("db_unfetched", CrawlStatus.name(CrawlStatus.DB_UNFETCHED));
    assertEquals("db_fetched", CrawlStatus.name((byte) 0x02));
    assertEquals("db_gone", CrawlStatus.name((byte) 0x03));
    assertEquals("db_redir_temp", CrawlStatus.name((byte) 0x04));
    assertEquals("db_redir_perm", CrawlStatus.name((byte) 0x05));
    assertEquals("db_notmodified", CrawlStatus.name((byte) 0x06));
    assertEquals("db_duplicate", CrawlStatus.name((byte) 0x07));
    assertEquals("db_orphan", CrawlStatus.name((byte) 0x08));
    assertEquals("fetch_success", CrawlStatus.name((byte) 0x21));
    assertEquals("fetch_retry", CrawlStatus.name((byte) 0x22));
    assertEquals("fetch_redir_temp", CrawlStatus.name((byte) 0x23));
    assertEquals("fetch_redir_perm", CrawlStatus.name((byte) 0x24));
    assertEquals("fetch_gone", CrawlStatus.name((byte) 0x25));
    assertEquals("fetch_notmodified", CrawlStatus.name((byte) 0x26));
    assertEquals("signature", CrawlStatus.name((byte) 0x41));
    assertEquals("injected", CrawlStatus.name((byte) 0x42));
    assertEquals("linked", CrawlStatus.name((byte) 0x43));
    assertEquals("parse_meta", CrawlStatus.name((byte) 0x44));
  }

  @Test
  public void unnamedByteGetsAHexName() {
    assertEquals("unknown_0x00", CrawlStatus.name((byte) 0));
    assertEquals("unknown_0x1f", CrawlStatus.name((byte) 0x1f));
    assertEquals("unknown_0xff", CrawlStatus.name((byte) -1));
  }

  @Test
  public void fromNameIsTheInverseOfNameAndIgnoresCase() {
    Set<String> names = new HashSet<>();
    for (byte status : CrawlStatus.all()) {
      assertEquals(status, CrawlStatus.fromName(CrawlStatus.name(status)));
      assertTrue("unique name", names.add(CrawlStatus.name(status)));
    }
    assertEquals(18, names.size());
    assertEquals(CrawlStatus.DB_FETCHED, CrawlStatus.fromName("DB_Fetched"));
    assertEquals(-1, CrawlStatus.fromName("db_nonsense"));
    assertEquals(-1, CrawlStatus.fromName(null));
  }

  @Test
  public void rangesSeparateCrawlDbFetchAndOtherStatuses() {
    for (byte status : CrawlStatus.all()) {
      String name = CrawlStatus.name(status);
      assertEquals(name, name.startsWith("db_"), CrawlStatus.isDbStatus(status));
      assertEquals(name, name.startsWith("fetch_"), CrawlStatus.isFetchStatus(status));
    }
    assertTrue(CrawlStatus.isDbStatus(CrawlStatus.DB_MAX));
    assertFalse(CrawlStatus.isDbStatus((byte) 0));
    assertFalse(CrawlStatus.isDbStatus((byte) 0x20));
    assertTrue("0x20 starts the fetch range", CrawlStatus.isFetchStatus(CrawlStatus.FETCH_MIN));
    assertTrue(CrawlStatus.isFetchStatus(CrawlStatus.FETCH_MAX));
    assertFalse(CrawlStatus.isFetchStatus(CrawlStatus.DB_MAX));
    assertFalse(CrawlStatus.isFetchStatus((byte) 0x40));
    assertFalse(CrawlStatus.isDbStatus((byte) -1));
    assertFalse(CrawlStatus.isFetchStatus((byte) -1));
  }
}
