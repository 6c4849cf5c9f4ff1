package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class SolrCloudNodesTest {
  @Test
  public void aLiveNodeNameIsTheNodesBaseUrl() {
    assertEquals(
        "http://127.0.0.1:8983/solr", SolrCloudNodes.baseUrl("http", "127.0.0.1:8983_solr"));
    assertEquals(
        "https://solr1.example:8443/a/b",
        SolrCloudNodes.baseUrl("https", "solr1.example:8443_a%2Fb"));
    assertEquals("http://[::1]:8983/solr", SolrCloudNodes.baseUrl("http", "[::1]:8983_solr"));
    assertEquals("http://host:8983", SolrCloudNodes.baseUrl("http", "host:8983"));
  }

  @Test
  public void theUrlSchemeIsHttpsOnlyWhenTheClusterPropertiesSaySo() {
    assertEquals("https", SolrCloudNodes.urlScheme("{\"urlScheme\" : \"https\", \"x\":1}"));
    assertEquals("http", SolrCloudNodes.urlScheme("{\"urlScheme\":\"http\"}"));
    assertEquals("http", SolrCloudNodes.urlScheme("{}"));
    assertEquals("https", SolrCloudNodes.urlScheme("{'urlScheme':'https'}"));
  }
}
