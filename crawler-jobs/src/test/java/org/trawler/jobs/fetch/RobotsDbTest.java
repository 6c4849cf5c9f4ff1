package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.RobotsTxt;

public class RobotsDbTest {
  private static RobotsTxt file(long now, String text) {
    return RobotsTxt.file(
        now, "http://a.test/robots.txt", text.getBytes(StandardCharsets.UTF_8), "text/plain");
  }

  @Test
  public void theMergeKeepsTheNewestAnswerPerSite() throws Exception {
    RobotsTxt kept = file(1000, "User-agent: *\nDisallow: /old\n");
    RobotsTxt asked = RobotsTxt.unreachable(5000, "http_503").after(kept);
    List<Pair<Text, RobotsTxt>> out =
        ReduceDriver.newReduceDriver(new RobotsDb.NewestReducer())
            .withInput(new Text("http://a.test"), List.of(asked, kept))
            .withInput(new Text("http://b.test"), List.of(RobotsTxt.missing(7, "http_404")))
            .run();
    assertEquals(2, out.size());
    assertEquals("http://a.test", out.get(0).getFirst().toString());
    assertEquals(asked.toString(), out.get(0).getSecond().toString());
    assertEquals("http_404", out.get(1).getSecond().getReason());
  }

  @Test
  public void theDbIsBesideTheSegmentsDirectoryOrConfigured() {
    Configuration conf = new Configuration(false);
    assertEquals(
        new Path("/data/crawl/robots"),
        RobotsDb.locate(conf, new Path("/data/crawl/segments/20260101000000")));
    assertNull(
        "a segment outside a crawl's segments/ has none",
        RobotsDb.locate(conf, new Path("/tmp/seg/20260101000000")));
    conf.set(FetcherKeys.ROBOTS_DB, "/shared/robots");
    assertEquals(
        new Path("/shared/robots"), RobotsDb.locate(conf, new Path("/tmp/seg/20260101000000")));
  }
}
