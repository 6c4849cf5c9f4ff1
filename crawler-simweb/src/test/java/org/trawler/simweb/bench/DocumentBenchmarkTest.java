package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.cli.Main;

/** bench --profile docs runs both sides on PDF and DOCX and writes its figures. */
public class DocumentBenchmarkTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void measuresPdfAndDocxThroughTheCrawlAndThroughTikaAlone() throws Exception {
    Path json = tmp.getRoot().toPath().resolve("docs.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Configuration conf = CrawlerConfiguration.create();
    int rc =
        Main.run(
            conf,
            new String[] {
              "bench",
              "--profile",
              "docs",
              "--documents",
              "3",
              "--rounds",
              "1",
              "--json",
              json.toString()
            },
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err);
    String printed = out.toString(StandardCharsets.UTF_8);
    assertEquals(printed, 0, rc);
    JsonNode figures = new ObjectMapper().readTree(json.toFile());
    assertEquals("docs", figures.get("benchmark").asText());
    assertEquals(2, figures.get("types").size());
    for (JsonNode type : figures.get("types")) {
      assertEquals(3, type.get("documents").asInt());
      assertEquals(type.toString(), 3, type.get("tikaParsed").asInt());
      assertEquals(type.toString(), 3, type.get("oursParsed").asInt());
      assertTrue(type.toString(), type.get("oursDocsPerCpuSecond").asDouble() > 0);
      assertTrue(printed, printed.matches("(?s).*" + type.get("type").asText() + " +ours.*"));
    }
  }
}
