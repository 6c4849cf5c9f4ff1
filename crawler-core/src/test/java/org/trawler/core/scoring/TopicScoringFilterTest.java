package org.trawler.core.scoring;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;

import java.io.File;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.plugin.Plugins;

public class TopicScoringFilterTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration topicConf(String... lines) throws Exception {
    File file = tmp.newFile();
    Files.write(file.toPath(), List.of(lines));
    Configuration conf = new Configuration(false);
    conf.set(ScoringKeys.FILTERS, "topic");
    conf.set(ScoringKeys.TOPIC_FILE, file.getPath());
    return conf;
  }

  @Test
  public void aParsedPageGetsItsSimilarityAndItsOutlinksTheDecayedShare() throws Exception {
    Configuration conf = topicConf("telescope", "orbit");
    conf.set(ScoringKeys.TOPIC_DECAY, "0.5");
    ScoringFilters filters = ScoringFilters.from(conf);
    CrawlDatum signature = new CrawlDatum();
    List<CrawlDatum> linked = List.of(new CrawlDatum(), new CrawlDatum());
    filters.scoreParsed("http://a.test/", "telescope and kettle", signature, linked);
    assertEquals(0.5f, TopicScoringFilter.relevance(signature), 1e-6f);
    assertEquals(0.25f, TopicScoringFilter.relevance(linked.get(0)), 1e-6f);
    assertEquals(0.25f, filters.selectionScore(linked.get(1)), 1e-6f);
  }

  @Test
  public void anOffTopicPagePassesNothingAndAnUnscoredUrlRanksZero() throws Exception {
    ScoringFilters filters = ScoringFilters.from(topicConf("telescope"));
    CrawlDatum signature = new CrawlDatum();
    CrawlDatum link = new CrawlDatum();
    filters.scoreParsed("http://a.test/", "kettle pepper", signature, List.of(link));
    assertEquals(0f, TopicScoringFilter.relevance(signature), 0f);
    assertFalse(link.getMetadata().containsKey(MetadataKeys.TOPIC_SCORE));
    assertEquals(0f, filters.selectionScore(new CrawlDatum(CrawlStatus.DB_UNFETCHED, 60, 5f)), 0f);
  }

  @Test
  public void noFileAnUnreadableFileAndADecayAboveOneAreBadSettings() throws Exception {
    Configuration none = new Configuration(false);
    assertEquals(
        ScoringKeys.TOPIC_FILE,
        assertThrows(
                BadSettingException.class,
                () -> Plugins.create(none, ScoringKeys.FILTERS, "topic", ScoringFilter.class))
            .key());
    Configuration missing = new Configuration(false);
    missing.set(ScoringKeys.TOPIC_FILE, new File(tmp.getRoot(), "none.txt").getPath());
    assertThrows(
        BadSettingException.class,
        () -> Plugins.create(missing, ScoringKeys.FILTERS, "topic", ScoringFilter.class));
    Configuration decay = topicConf("orbit");
    decay.set(ScoringKeys.TOPIC_DECAY, "1.5");
    assertEquals(
        ScoringKeys.TOPIC_DECAY,
        assertThrows(BadSettingException.class, () -> ScoringFilters.from(decay)).key());
  }
}
