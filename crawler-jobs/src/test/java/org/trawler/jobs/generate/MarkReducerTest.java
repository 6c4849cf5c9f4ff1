package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.junit.Before;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;

public class MarkReducerTest {
  private static final long GENERATE_TIME = 1_700_000_000_000L;

  private ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> reduce;

  @Before
  public void setUp() {
    reduce = ReduceDriver.newReduceDriver(new MarkReducer());
    reduce.getConfiguration().setLong(GeneratorKeys.TIME, GENERATE_TIME);
  }

  @Test
  public void selectedUrlIsMarkedWithTheGenerateTime() throws IOException {
    CrawlDatum db = Datums.due(10, 2f, 1);
    CrawlDatum generated = new CrawlDatum(db);
    generated.putMeta(MetadataKeys.GENERATE_TIME, GENERATE_TIME);
    reduce
        .withInput(new Text("http://a.com/"), List.of(db, generated))
        .withOutput(new Text("http://a.com/"), generated)
        .runTest();
    assertEquals(1, GenerateCounter.MARKED.valueIn(reduce.getCounters()));
  }

  @Test
  public void markDoesNotDependOnWhichDatumComesFirst() throws IOException {
    CrawlDatum db = Datums.due(10, 2f, 1);
    db.putMeta(MetadataKeys.GENERATE_TIME, 5L);
    CrawlDatum generated = new CrawlDatum(db);
    generated.putMeta(MetadataKeys.GENERATE_TIME, GENERATE_TIME);
    reduce
        .withInput(new Text("http://a.com/"), List.of(generated, db))
        .withOutput(new Text("http://a.com/"), generated)
        .runTest();
  }

  @Test
  public void urlNotSelectedIsKeptAsItWas() throws IOException {
    CrawlDatum db = Datums.due(10, 2f, 1);
    db.putMeta(MetadataKeys.GENERATE_TIME, 5L);
    reduce
        .withInput(new Text("http://a.com/"), List.of(db))
        .withOutput(new Text("http://a.com/"), new CrawlDatum(db))
        .runTest();
    assertEquals(0, GenerateCounter.MARKED.valueIn(reduce.getCounters()));
  }
}
