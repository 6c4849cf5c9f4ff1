package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;

public class SolrConnectionTest {
  @Test
  public void pausesDoubleUpToAMinute() {
    assertEquals(1000, SolrConnection.pause(1000, 0));
    assertEquals(2000, SolrConnection.pause(1000, 1));
    assertEquals(8000, SolrConnection.pause(1000, 3));
    assertEquals(60_000, SolrConnection.pause(1000, 6));
    assertEquals(60_000, SolrConnection.pause(1000, 1000));
    assertEquals(0, SolrConnection.pause(0, 5));
  }

  @Test
  public void urlsAreCommaSeparatedWithoutTrailingSlashes() {
    assertEquals(
        List.of("http://a:8983/solr/crawl", "https://b/solr/crawl"),
        SolrConnection.urls(" http://a:8983/solr/crawl/, https://b/solr/crawl ,"));
  }

  @Test
  public void nodeUrlsComeFromTheReplicasOfAClusterStatus() {
    String status =
        "{\"cluster\":{\"collections\":{\"crawl\":{\"shards\":{\"shard1\":{\"replicas\":{"
            + "\"core_node1\":{\"core\":\"crawl_shard1_replica_n1\",\"base_url\":\"http://a:8983/solr\"},"
            + "\"core_node3\":{\"base_url\" : \"http:\\/\\/b:8983\\/solr\"}}},"
            + "\"shard2\":{\"replicas\":{\"core_node2\":{\"base_url\":\"http://a:8983/solr\"}}}}}},"
            + "\"live_nodes\":[\"a:8983_solr\",\"b:8983_solr\"]}}";
    assertEquals(
        List.of("http://a:8983/solr", "http://b:8983/solr"),
        List.copyOf(SolrConnection.nodeUrls(status)));
  }

  @Test
  public void aMissingOrNonHttpUrlIsABadSetting() {
    for (String url : new String[] {"", " , ", "localhost:8983/solr/crawl"}) {
      try {
        SolrConnection.urls(url);
        fail(url);
      } catch (BadSettingException e) {
        assertEquals(SolrKeys.SERVER_URL, e.key());
      }
    }
  }

  @Test
  public void aCommitSizeBelowOneIsABadSetting() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(SolrKeys.SERVER_URL, "http://127.0.0.1:1/solr/crawl");
    conf.setInt(SolrKeys.COMMIT_SIZE, 0);
    try {
      new SolrIndexWriter().check(conf);
      fail();
    } catch (BadSettingException e) {
      assertEquals("solr.commit.size: must be at least 1, not 0", e.getMessage());
    }
  }
}
