package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;

import org.junit.Test;
import org.trawler.jobs.index.IndexDocument;

public class UpdateBatchTest {
  @Test
  public void writesAddsAndDeletesInOrderAsOneJsonObject() {
    UpdateBatch batch = new UpdateBatch();
    batch.add(
        new IndexDocument()
            .add("id", "http://a.test/")
            .add("title", "Say \"hi\"\n")
            .add("anchor", "one")
            .add("anchor", "two")
            .add("contentLength", 12L)
            .add("depth", 1)
            .add("score", 1.1f));
    batch.delete("http://b.test/");
    assertEquals(2, batch.size());
    assertEquals(
        "{\"add\":{\"doc\":{\"id\":\"http://a.test/\",\"title\":\"Say \\\"hi\\\"\\n\","
            + "\"anchor\":[\"one\",\"two\"],\"contentLength\":12,\"depth\":1,\"score\":1.1}},"
            + "\"delete\":{\"id\":\"http://b.test/\"}}",
        batch.toJson());
  }

  @Test
  public void aClearedBatchIsEmpty() {
    UpdateBatch batch = new UpdateBatch();
    batch.delete("http://b.test/");
    batch.clear();
    assertEquals(0, batch.size());
    assertEquals("{}", batch.toJson());
    batch.delete("http://c.test/");
    assertEquals("{\"delete\":{\"id\":\"http://c.test/\"}}", batch.toJson());
  }
}
