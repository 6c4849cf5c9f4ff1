package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.List;
import org.junit.Test;

/** Solr's and ZooKeeper's JSON read with Jackson: escapes decoded, lenient quotes, no JSON. */
public class JsonFieldsTest {
  @Test
  public void aFieldsStringValuesComeAtAnyDepthWithTheirEscapesDecoded() {
    String body = "{\"error\":{\"msg\":\"bad \\\"q\\\":\\nline\",\"code\":400},\"msg\":7}";
    assertEquals(List.of("bad \"q\":\nline"), JsonFields.named(body, "msg"));
    assertEquals("bad \"q\":\nline", JsonFields.first(body, "msg"));
  }

  @Test
  public void singleQuotesAreReadAndABodyThatIsNotJsonGivesWhatCameBeforeIt() {
    assertEquals("https", JsonFields.first("{'urlScheme':'https'}", "urlScheme"));
    assertEquals(
        List.of("http://a/solr"),
        JsonFields.named("{\"base_url\":\"http:\\/\\/a\\/solr\"} <html>", "base_url"));
    assertNull(JsonFields.first("<html><body>502 Bad Gateway</body></html>", "msg"));
  }
}
