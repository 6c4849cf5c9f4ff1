package org.trawler.jobs.update;

import static org.junit.Assert.assertEquals;
import static org.trawler.jobs.update.Datums.HOUR;
import static org.trawler.jobs.update.Datums.NOW;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.jobs.hostdb.Soft404;
import org.trawler.jobs.hostdb.Soft404Keys;
import org.trawler.jobs.update.UpdateDb.UpdateReducer;

/** updatedb's reducer judging pages against their host's soft-404 answer, handed in setup(). */
public class Soft404UpdateReducerTest {
  private static final long NOT_FOUND = 0x0f0f_0f0f_0f0f_0f0fL;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** A conf that hands the reducer this round's probe part: soft.test answers with a page. */
  private Configuration confWithProbes() throws IOException {
    Configuration conf = Datums.conf();
    Path part = new Path(tmp.newFolder(Soft404.SEGMENT_PART).getPath());
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(part, "part-m-00000")),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(HostDatum.class))) {
      w.append(
          new Text("http://real.test/abcdefghijabcdefghij.html"),
          Soft404.answer(HostDatum.Soft404.REAL_404, OptionalLong.empty(), NOW));
      w.append(
          new Text("http://soft.test/abcdefghijabcdefghij.html"),
          Soft404.answer(HostDatum.Soft404.PAGE, OptionalLong.of(NOT_FOUND), NOW));
    }
    conf.set(Soft404Keys.INTERNAL_PROBE_PARTS, part.toString());
    return conf;
  }

  private static CrawlDatum parsed(long shortPrint) {
    CrawlDatum s = Datums.signature(1);
    s.putMeta(MetadataKeys.SHORT_FINGERPRINT, shortPrint);
    return s;
  }

  private static List<CrawlDatum> fetchedPage(long shortPrint) {
    CrawlDatum old = Datums.old(CrawlStatus.DB_UNFETCHED);
    List<CrawlDatum> values = new ArrayList<>();
    values.add(old);
    CrawlDatum fetch = Datums.fetch(old, CrawlStatus.FETCH_SUCCESS, NOW - HOUR);
    CrawlDatum signature = parsed(shortPrint);
    URLRecords.tag(fetch, "s1");
    URLRecords.tag(signature, "s1");
    values.add(fetch);
    values.add(signature);
    return values;
  }

  @Test
  public void aPageLikeItsHostsNotFoundAnswerIsGoneAndRealPagesStay() throws IOException {
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        ReduceDriver.newReduceDriver(new UpdateReducer()).withConfiguration(confWithProbes());
    driver.withInput(new Text("http://soft.test/missing"), fetchedPage(NOT_FOUND ^ 0b11));
    driver.withInput(new Text("http://soft.test/real"), fetchedPage(~NOT_FOUND));
    driver.withInput(new Text("http://real.test/short"), fetchedPage(NOT_FOUND));
    driver.withInput(new Text("http://unprobed.test/short"), fetchedPage(NOT_FOUND));
    List<String> out = new ArrayList<>();
    for (Pair<Text, CrawlDatum> p : driver.run()) {
      out.add(
          p.getFirst()
              + " "
              + p.getSecond().statusLabel()
              + " "
              + p.getSecond().getMetaString(MetadataKeys.PROTOCOL_STATUS));
    }
    assertEquals(
        List.of(
            "http://soft.test/missing db_gone 200 soft_404 the host's answer for a missing page,"
                + " 0f0f0f0f0f0f0f0c",
            "http://soft.test/real db_fetched null",
            "http://real.test/short db_fetched null",
            "http://unprobed.test/short db_fetched null"),
        out);
    assertEquals(1, UpdateCounter.SOFT_404.valueIn(driver.getCounters()));
  }
}
