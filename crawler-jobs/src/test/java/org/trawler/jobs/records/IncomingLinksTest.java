package org.trawler.jobs.records;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.scoring.TopicScoringFilter;
import org.trawler.jobs.update.Datums;

public class IncomingLinksTest {

  @Test
  public void aMillionLinksAreSummedAsTheyStreamPast() {
    IncomingLinks links = new IncomingLinks();
    CrawlDatum reused = Datums.linked(0.001f, 9);
    for (int i = 0; i < 1_000_000; i++) {
      reused.setDepth(i == 500_000 ? 2 : 9);
      links.add(reused);
    }
    assertEquals(1_000_000, links.count());
    assertEquals(1000f, links.score(), 0.01f);
    assertEquals(2, links.minDepth());
  }

  @Test
  public void aParsesLinksWithDepthAloneAddUpAsByTheGeneralRule() {
    IncomingLinks parsed = new IncomingLinks();
    IncomingLinks general = new IncomingLinks();
    for (int i = 0; i < 3; i++) {
      CrawlDatum link = Datums.linked(0.25f * (i + 1), 5 - i);
      link.setFetchTime(1000 - i);
      parsed.add(link); // _depth_ alone
      link.putMeta(new Text("_other_"), "x"); // a key no rule reads: the general path
      general.add(link);
    }
    assertEquals(general.toLinkedDatum(), parsed.toLinkedDatum());
    assertEquals(3, parsed.count());
    assertEquals(1.5f, parsed.score(), 0f);
    assertEquals(3, parsed.minDepth());
    assertEquals(998, parsed.toLinkedDatum().getFetchTime());
  }

  @Test
  public void linksWithoutDepthLeaveTheDepthAlone() {
    IncomingLinks links = new IncomingLinks();
    links.add(new CrawlDatum(CrawlStatus.LINKED, 0, 0.5f));
    assertEquals(-1, links.minDepth());
    CrawlDatum known = Datums.old(CrawlStatus.DB_FETCHED);
    known.setDepth(4);
    links.creditTo(known);
    assertEquals(4, known.getDepth());
    assertEquals(1.5f, known.getScore(), 1e-6);
  }

  @Test
  public void noLinksCreditNothing() {
    IncomingLinks links = new IncomingLinks();
    assertTrue(links.isEmpty());
    CrawlDatum known = Datums.old(CrawlStatus.DB_FETCHED);
    CrawlDatum before = new CrawlDatum(known);
    links.creditTo(known);
    assertEquals(before, known);
  }

  @Test
  public void aCombinedDatumAddsUpAsItsLinksDo() {
    IncomingLinks one = new IncomingLinks();
    IncomingLinks combined = new IncomingLinks();
    IncomingLinks part = new IncomingLinks();
    for (int i = 0; i < 1000; i++) {
      CrawlDatum link = Datums.linked(1f / (3 + i % 7), 2 + i % 5);
      link.setFetchTime(5000 - i);
      one.add(link);
      part.add(link);
      if (i % 333 == 0) {
        combined.add(part.toLinkedDatum());
        part = new IncomingLinks();
      }
    }
    if (!part.isEmpty()) {
      combined.add(part.toLinkedDatum());
    }
    assertEquals(one.count(), combined.count());
    assertEquals(one.score(), combined.score(), 0f);
    assertEquals(one.minDepth(), combined.minDepth());
    assertEquals(one.toLinkedDatum(), combined.toLinkedDatum());
    assertEquals(4001, one.toLinkedDatum().getFetchTime());
  }

  @Test
  public void aLinkReadFromAFileOrWithALongDepthAddsUpAsTheParsesOwn() {
    CrawlDatum parsed = Datums.linked(0.25f, 3); // its key the constant, its depth an int
    parsed.setFetchTime(77);
    CrawlDatum read = WritableUtils.clone(parsed, new Configuration(false)); // a key of its own
    assertNotSame(MetadataKeys.DEPTH, read.getMetadata().keySet().iterator().next());
    CrawlDatum longDepth = new CrawlDatum(parsed);
    longDepth.putMeta(MetadataKeys.DEPTH, 3L); // the general rule reads it
    IncomingLinks expected = new IncomingLinks();
    expected.add(parsed);
    expected.add(parsed);
    for (CrawlDatum other : new CrawlDatum[] {read, longDepth}) {
      IncomingLinks links = new IncomingLinks();
      links.add(other);
      links.add(parsed);
      assertEquals(expected.toLinkedDatum(), links.toLinkedDatum());
      assertEquals(3, links.minDepth());
    }
  }

  @Test
  public void oneLinkComesBackAsItWasWritten() {
    CrawlDatum link = new CrawlDatum(); // as the parse writes it
    link.setStatus(CrawlStatus.LINKED);
    link.setScore(0.25f);
    link.setDepth(3);
    link.setFetchTime(77);
    IncomingLinks links = new IncomingLinks();
    links.add(link);
    assertEquals(link, links.toLinkedDatum());
  }

  private static CrawlDatum withTopic(CrawlDatum d, float relevance) {
    d.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(relevance));
    return d;
  }

  @Test
  public void aUrlInheritsItsBestParentsTopicRelevanceAlsoThroughACombinedDatum() {
    IncomingLinks links = new IncomingLinks();
    links.add(withTopic(Datums.linked(0.1f, 1), 0.2f));
    links.add(Datums.linked(0.1f, 1)); // from a page about something else
    links.add(withTopic(Datums.linked(0.1f, 1), 0.6f));
    IncomingLinks combined = new IncomingLinks();
    combined.add(links.toLinkedDatum());
    CrawlDatum known = withTopic(Datums.old(CrawlStatus.DB_FETCHED), 0.3f);
    combined.creditTo(known);
    assertEquals(0.6f, TopicScoringFilter.relevance(known), 0f);
    CrawlDatum better = withTopic(Datums.old(CrawlStatus.DB_FETCHED), 0.9f);
    combined.creditTo(better);
    assertEquals("never lowered", 0.9f, TopicScoringFilter.relevance(better), 0f);
    CrawlDatum plain = Datums.old(CrawlStatus.DB_FETCHED);
    Datums.links(Datums.linked(0.1f, 1)).creditTo(plain);
    assertEquals(
        "no topic filter, no key", null, plain.getMetadata().get(MetadataKeys.TOPIC_SCORE));
  }
}
