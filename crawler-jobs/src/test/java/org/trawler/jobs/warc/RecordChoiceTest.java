package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class RecordChoiceTest {
  @Test
  public void aNotModifiedAnswerIsAServerNotModifiedRevisit() {
    assertEquals(RecordChoice.REVISIT_NOT_MODIFIED, RecordChoice.of(304, 0, false, false));
  }

  @Test
  public void aCompletePageSeenBeforeIsAnIdenticalPayloadRevisit() {
    assertEquals(RecordChoice.REVISIT_IDENTICAL_PAYLOAD, RecordChoice.of(200, 10, false, true));
  }

  @Test
  public void aNewPayloadIsAResponse() {
    assertEquals(RecordChoice.RESPONSE, RecordChoice.of(200, 10, false, false));
  }

  @Test
  public void cutEmptyAndErrorPayloadsAreAlwaysArchivedInFull() {
    assertEquals(RecordChoice.RESPONSE, RecordChoice.of(200, 10, true, true));
    assertEquals(RecordChoice.RESPONSE, RecordChoice.of(200, 0, false, true));
    assertEquals(RecordChoice.RESPONSE, RecordChoice.of(404, 10, false, true));
    assertEquals(RecordChoice.RESPONSE, RecordChoice.of(301, 10, false, true));
  }
}
