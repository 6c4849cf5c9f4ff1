package org.trawler.core.scoring;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.Test;

public class TopicVectorTest {

  @Test
  public void termsAreLowerCasedLetterRunsWithoutStopWords() {
    assertEquals(
        List.of("telescope", "orbit", "über", "orbit"),
        TopicVector.terms("The Telescope's orbit: über-ORBIT, a 42 x"));
  }

  @Test
  public void similarityIsTheCosineOfTheTermVectors() {
    TopicVector topic = TopicVector.of(Map.of("telescope", 1.0, "orbit", 1.0));
    assertEquals(1f, topic.similarity("Telescope orbit."), 1e-6f);
    // one of two topic terms in a text of two terms: 1 / (sqrt 2 * sqrt 2)
    assertEquals(0.5f, topic.similarity("the telescope and the kettle"), 1e-6f);
    assertEquals(0f, topic.similarity("kettle pepper saddle"), 0f);
    assertEquals(0f, topic.similarity(""), 0f);
    // a word said e times weighs 1 + ln e = 2: (2) / (sqrt 2 * 2) = 0.7071
    TopicVector one = TopicVector.of(Map.of("orbit", 1.0, "comet", 1.0));
    assertEquals(
        (float) (1 / Math.sqrt(2)), one.similarity("orbit orbit orbit"), 1e-6f); // one term only
  }

  @Test
  public void aTopicFileHasWeightedWordsAndExamplePages() {
    TopicVector topic =
        TopicVector.parse(
            List.of("# astronomy", "", "telescope 3", "orbit", "file: example.html"),
            path -> "<html><body><p>Comet comet</p><script></script></body></html>");
    assertEquals(3, topic.size()); // telescope, orbit, comet (1 + ln 2)
    double norm = Math.sqrt(9 + 1 + Math.pow(1 + Math.log(2), 2));
    assertEquals((float) (3 / norm), topic.similarity("telescope"), 1e-6f);
    assertEquals((float) ((1 + Math.log(2)) / norm), topic.similarity("comet"), 1e-6f);
  }

  @Test
  public void aLineThatIsNoEntryOrABadWeightIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> TopicVector.parse(List.of("three words here"), p -> ""));
    assertThrows(
        IllegalArgumentException.class, () -> TopicVector.parse(List.of("orbit heavy"), p -> ""));
    assertThrows(
        IllegalArgumentException.class, () -> TopicVector.parse(List.of("orbit -1"), p -> ""));
  }
}
