package org.trawler.core.scoring;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.Writable;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;

/**
 * {@code topic}: a focused crawl's order. A parsed page's relevance is the similarity of its text
 * to the topic of scoring.topic.file ({@link TopicVector}); its outlinks inherit it times
 * scoring.topic.decay, since a page about the topic mostly links pages about it. Both travel as
 * {@link MetadataKeys#TOPIC_SCORE}: updatedb keeps the largest a URL gets from its own text and
 * from its parents ({@link #RELEVANCE}), and generate orders by it. A URL nobody relevant links to,
 * a seed before its fetch, scores 0.
 */
public class TopicScoringFilter implements ScoringFilter {
  /**
   * Relevance on links: a URL's links pass on the best parent's, which raises but never lowers the
   * URL's own (its text's, or a better parent's from before): a page is as promising as the best
   * page about the topic that links it.
   */
  public static final LinkedScore RELEVANCE = new LinkedScore(MetadataKeys.TOPIC_SCORE, Math::max);

  private TopicVector topic;
  private float decay;

  @Override
  public void configure(Configuration conf) {
    String file = conf.get(ScoringKeys.TOPIC_FILE, "").trim();
    if (file.isEmpty()) {
      throw new BadSettingException(
          ScoringKeys.TOPIC_FILE, "the topic scoring filter needs a topic file");
    }
    decay =
        Settings.getFloat(conf, ScoringKeys.TOPIC_DECAY, ScoringKeys.DEFAULT_TOPIC_DECAY, 0f, 1f);
    try {
      topic = TopicVector.parse(readLines(conf, file), path -> read(conf, path));
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw new BadSettingException(ScoringKeys.TOPIC_FILE, file + ": " + e.getMessage(), e);
    }
    if (topic.size() == 0) {
      throw new BadSettingException(ScoringKeys.TOPIC_FILE, file + " names no word");
    }
  }

  /** A filter for {@code topic} whose outlinks inherit {@code decay} of their page's relevance. */
  static TopicScoringFilter of(TopicVector topic, float decay) {
    TopicScoringFilter f = new TopicScoringFilter();
    f.topic = topic;
    f.decay = decay;
    return f;
  }

  private static List<String> readLines(Configuration conf, String file) {
    return read(conf, file).lines().toList();
  }

  private static String read(Configuration conf, String file) {
    Path path = new Path(file);
    try (InputStream in = path.getFileSystem(conf).open(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public float selectionFactor(CrawlDatum datum) {
    return relevance(datum);
  }

  /** The datum's topic relevance, 0 when it has none. */
  public static float relevance(CrawlDatum datum) {
    Writable value = datum.getMetadata().get(MetadataKeys.TOPIC_SCORE);
    return value instanceof FloatWritable f ? f.get() : 0f;
  }

  /** The relevance a page of {@code text} has. */
  public float pageRelevance(String text) {
    return topic.similarity(text);
  }

  /** The relevance an outlink of a page of relevance {@code page} inherits. */
  public float inherited(float page) {
    return page * decay;
  }

  @Override
  public void scoreParsed(String url, String text, CrawlDatum signature, List<CrawlDatum> linked) {
    float page = pageRelevance(text);
    signature.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(page));
    float child = inherited(page);
    if (child > 0) {
      for (CrawlDatum d : linked) {
        d.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(child));
      }
    }
  }
}
