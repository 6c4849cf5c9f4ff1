package org.trawler.console.report;

import static org.junit.Assert.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.Test;

/** The report's "Kept out" table: one row per reason with a count, none for a reason at 0. */
public class KeptOutTableTest {

  private static List<String> rows(String keptOut) throws Exception {
    JsonNode report =
        new ObjectMapper()
            .readTree(
                "{\"crawl\":\"crawl\",\"generated\":0,\"rounds\":[],\"keptOut\":" + keptOut + "}");
    Document page = Jsoup.parse(ReportPage.html(report, false));
    List<String> rows = new ArrayList<>();
    for (Element tr : page.select("#kept-out-table tbody tr")) {
      rows.add(tr.child(0).text() + " | " + tr.child(1).text() + " | " + tr.child(2).text());
    }
    return rows;
  }

  @Test
  public void duplicatesSoft404sBackoffsAndHeldBackUrlsAreListed() throws Exception {
    assertEquals(
        List.of(
            "duplicates (db_duplicate) | near | 12",
            "duplicates (db_duplicate) | exact | 3",
            "gone (db_gone) | http_404 | 5",
            "gone (db_gone) | soft_404 | 2",
            "fetches a host pushed back | http_429 | 4",
            "fetches a host pushed back | host_backoff | 9",
            "hosts backed off now | host_backoff | 1",
            "URLs generate left out | skipped_trap_pattern | 40",
            "outlinks the trap filter held back | url_too_long | 6"),
        rows(
            "{\"duplicates\":{\"near\":12,\"exact\":3},\"gone\":{\"http_404\":5,\"soft_404\":2},"
                + "\"pushback\":{\"http_429\":4,\"http_503\":0,\"host_backoff\":9},"
                + "\"hostsBackedOffNow\":1,\"backoffUntil\":4102444800000,"
                + "\"skipped\":{\"skipped_trap_pattern\":40,\"skipped_not_due\":0},"
                + "\"heldBack\":{\"url_too_long\":6}}"));
  }

  @Test
  public void aCrawlThatKeptNothingOutSaysSo() throws Exception {
    assertEquals(List.of(), rows("{\"duplicates\":{},\"gone\":{},\"pushback\":{\"http_429\":0}}"));
  }
}
