package org.trawler.jobs.update;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.trawler.jobs.update.Datums.HOUR;
import static org.trawler.jobs.update.Datums.NOW;

import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

public class URLRecordsTest {

  private static CrawlDatum tagged(CrawlDatum datum, String segment) {
    URLRecords.tag(datum, segment);
    return datum;
  }

  @Test
  public void newerFetchWinsWithTheSignatureOfItsOwnSegment() {
    URLRecords records = new URLRecords();
    // segment order in the shuffle is arbitrary: the newer fetch comes first here
    records.add(tagged(Datums.fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR), "seg2"));
    records.add(tagged(Datums.signature(2), "seg2"));
    records.add(tagged(Datums.signature(1), "seg1"));
    records.add(tagged(Datums.fetch(CrawlStatus.FETCH_GONE, NOW - 5 * HOUR), "seg1"));
    assertEquals(CrawlStatus.FETCH_SUCCESS, records.fetch().getStatus());
    assertArrayEquals(new byte[] {2}, records.signature().getSignature());
    assertFalse(records.fetch().getMetadata().containsKey(URLRecords.SEGMENT_TAG));
    assertFalse(records.signature().getMetadata().containsKey(URLRecords.SEGMENT_TAG));
  }

  @Test
  public void keptRecordsAreCopiesNotTheReusedValue() {
    URLRecords records = new URLRecords();
    CrawlDatum reused = Datums.old(CrawlStatus.DB_FETCHED);
    records.add(reused);
    reused.setStatus(CrawlStatus.FETCH_RETRY);
    reused.setFetchTime(NOW);
    records.add(reused);
    assertEquals(CrawlStatus.DB_FETCHED, records.old().getStatus());
    assertEquals(CrawlStatus.FETCH_RETRY, records.fetch().getStatus());
  }

  @Test
  public void linksAreSummedAndOtherStatusesRefused() throws java.io.IOException {
    URLRecords records = new URLRecords();
    assertTrue(records.add(Datums.linked(0.5f, 2)));
    assertTrue(records.add(Datums.linked(0.25f, 1)));
    assertFalse(records.add(new CrawlDatum(CrawlStatus.INJECTED, 0, 1f)));
    assertFalse(records.add(withCode((byte) 0x3e)));
    assertEquals(2, records.links().count());
    assertEquals(0.75f, records.links().score(), 1e-6);
    assertNull(records.old());
    assertNull(records.fetch());
  }

  @Test
  public void signatureWithoutAFetchIsNotUsed() {
    URLRecords records = new URLRecords();
    records.add(Datums.signature(1));
    assertNull(records.signature());
  }

  @Test
  public void metaRefreshOfTheFetchesOwnSegmentMakesTheSuccessARedirect() {
    URLRecords records = new URLRecords();
    records.add(tagged(Datums.fetch(CrawlStatus.FETCH_SUCCESS, NOW), "seg1"));
    records.add(tagged(Datums.signature(1), "seg1"));
    records.add(tagged(Datums.refresh("http://a.example/new", true, 1f, 0), "seg1"));
    CrawlDatum fetch = records.fetch();
    assertEquals("fetch_redir_perm", fetch.statusLabel());
    assertEquals("http://a.example/new", fetch.getMetaString(MetadataKeys.REDIRECT_TARGET));
    assertEquals(NOW, fetch.getFetchTime());
    assertEquals(Datums.INTERVAL, fetch.getFetchInterval());
    assertFalse(fetch.getMetadata().containsKey(URLRecords.SEGMENT_TAG));
  }

  @Test
  public void metaRefreshOfAnOlderFetchDoesNotTouchANewerOne() {
    URLRecords records = new URLRecords();
    records.add(tagged(Datums.fetch(CrawlStatus.FETCH_SUCCESS, NOW), "seg2"));
    records.add(tagged(Datums.refresh("http://a.example/new", false, 1f, 0), "seg1"));
    records.add(tagged(Datums.fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR), "seg1"));
    assertEquals(CrawlStatus.FETCH_SUCCESS, records.fetch().getStatus());
    assertNull(records.fetch().getMetaString(MetadataKeys.REDIRECT_TARGET));
  }

  @Test
  public void metaRefreshChangesOnlyASuccess() {
    URLRecords records = new URLRecords();
    records.add(tagged(Datums.fetch(CrawlStatus.FETCH_NOTMODIFIED, NOW), "seg1"));
    records.add(tagged(Datums.refresh("http://a.example/new", false, 1f, 0), "seg1"));
    assertEquals(CrawlStatus.FETCH_NOTMODIFIED, records.fetch().getStatus());
  }

  /** A datum as read from data whose status byte no status has. */
  private static CrawlDatum withCode(byte code) throws java.io.IOException {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    new CrawlDatum(CrawlStatus.DB_FETCHED, 0, 1f).write(new java.io.DataOutputStream(bytes));
    byte[] b = bytes.toByteArray();
    b[1] = code;
    CrawlDatum datum = new CrawlDatum();
    datum.readFields(new java.io.DataInputStream(new java.io.ByteArrayInputStream(b)));
    return datum;
  }
}
