package org.trawler.console.serve;

import static org.junit.Assert.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.Test;

/** The URL page shows what the page's owner allows, each signal with where it came from. */
public class StoryPageTest {
  @Test
  public void theUrlPageListsTheOwnersSignals() {
    ObjectNode o = new ObjectMapper().createObjectNode();
    o.put("url", "http://a.test/");
    o.putObject("signals")
        .putObject("usage.ai-train")
        .put("value", "no")
        .put("from", "robots.txt:trawler");
    Document page = Jsoup.parse(ConsolePages.story(o));
    assertEquals(
        List.of("signal value from", "usage.ai-train no robots.txt:trawler"),
        page.select("#signals tr").eachText());

    o.putObject("signals");
    assertEquals(0, Jsoup.parse(ConsolePages.story(o)).select("#signals").size());
  }
}
