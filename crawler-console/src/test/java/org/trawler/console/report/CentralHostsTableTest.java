package org.trawler.console.report;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.Test;

/** The report's "Most central hosts" table: hostrank's top hosts, none when never ranked. */
public class CentralHostsTableTest {

  private static Document page(String top) throws Exception {
    JsonNode report =
        new ObjectMapper()
            .readTree(
                "{\"crawl\":\"crawl\",\"generated\":0,\"rounds\":[],\"keptOut\":{},"
                    + "\"topHostsByCentrality\":"
                    + top
                    + "}");
    return Jsoup.parse(ReportPage.html(report, false));
  }

  @Test
  public void theMostCentralHostsAreListedWithTheirRanks() throws Exception {
    Document page =
        page(
            "[{\"host\":\"hub.test\",\"harmonicCentrality\":41.5,\"hostRank\":7.25},"
                + "{\"host\":\"<b>x.test\",\"harmonicCentrality\":3,\"hostRank\":0.5}]");
    List<String> rows = new ArrayList<>();
    for (Element tr : page.select("#central-hosts tbody tr")) {
      rows.add(tr.child(0).text() + " | " + tr.child(1).text() + " | " + tr.child(2).text());
    }
    assertEquals(List.of("hub.test | 41.50 | 7.250", "<b>x.test | 3.00 | 0.500"), rows);
    assertTrue("a host name is text", page.select("#central-hosts b").isEmpty());
  }

  @Test
  public void aCrawlNeverRankedHasNoSuchTable() throws Exception {
    assertTrue(page("[]").select("#central-hosts").isEmpty());
  }
}
