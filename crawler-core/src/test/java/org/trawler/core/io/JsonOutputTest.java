package org.trawler.core.io;

import static org.junit.Assert.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import org.junit.Test;

public class JsonOutputTest {

  private static String write(JsonAction action) throws IOException {
    StringWriter out = new StringWriter();
    action.write(new JsonOutput(out));
    return out.toString();
  }

  interface JsonAction {
    void write(JsonOutput json) throws IOException;
  }

  @Test
  public void nestedContainersGetTheirCommas() throws IOException {
    String json =
        write(
            j ->
                j.beginObject()
                    .name("a")
                    .value(1L)
                    .name("b")
                    .beginArray()
                    .value("x")
                    .nullValue()
                    .beginObject()
                    .endObject()
                    .beginArray()
                    .endArray()
                    .endArray()
                    .name("c")
                    .value(true)
                    .endObject());
    assertEquals("{\"a\":1,\"b\":[\"x\",null,{},[]],\"c\":true}", json);
  }

  @Test
  public void stringsAreEscaped() throws IOException {
    String nasty = "q\"b\\s/n\nr\rt\tb\bf\f\u0000\u001f\u2028\u2029é✓😀";
    String json = write(j -> j.value(nasty));
    assertEquals("\"q\\\"b\\\\s/n\\nr\\rt\\tb\\bf\\f\\u0000\\u001f\\u2028\\u2029é✓😀\"", json);
    assertEquals(nasty, new ObjectMapper().readTree(json).asText());
  }

  @Test
  public void loneSurrogatesBecomeReplacementCharactersSoTheOutputStaysValidUtf8()
      throws IOException {
    assertEquals("\"a\uFFFDb\uFFFD\"", write(j -> j.value("a\ud800b\udc00")));
  }

  @Test
  public void eachTopLevelValueReachesTheWriterAtOnce() throws IOException {
    StringWriter out = new StringWriter();
    JsonOutput json = new JsonOutput(out);
    json.beginObject().name("a").value(1L);
    json.endObject();
    assertEquals("{\"a\":1}", out.toString());
    json.value("b");
    assertEquals("{\"a\":1}\"b\"", out.toString());
  }

  @Test
  public void numbersAreJsonNumbers() throws IOException {
    assertEquals(
        "[1.1,2,0.1,-3,1.0E-5,null,null,null,9223372036854775807]",
        write(
            j ->
                j.beginArray()
                    .value(1.1f)
                    .value(2.0f)
                    .value(0.1d)
                    .value(-3.0d)
                    .value(1e-5f)
                    .value(Float.NaN)
                    .value(Double.POSITIVE_INFINITY)
                    .value((String) null)
                    .value(Long.MAX_VALUE)
                    .endArray()));
    JsonNode parsed =
        new ObjectMapper().readTree(write(j -> j.beginArray().value(1e-5f).endArray()));
    assertEquals(1e-5, parsed.get(0).asDouble(), 1e-12);
  }

  @Test
  public void namesAreEscapedLikeStrings() throws IOException {
    String json = write(j -> j.beginObject().name("a\"b").value("c").endObject());
    assertEquals("c", new ObjectMapper().readTree(json).get("a\"b").asText());
  }

  @Test
  public void newLineSeparatesTopLevelValues() throws IOException {
    assertEquals(
        "{}\n{}\n",
        write(j -> j.beginObject().endObject().newLine().beginObject().endObject().newLine()));
  }
}
