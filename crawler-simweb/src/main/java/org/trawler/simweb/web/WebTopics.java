package org.trawler.simweb.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The topics of a {@link BroadWeb} made with {@code --topics K}: each content host is about one of
 * K topics (its pages too), given so that every topic has about the same share of the pages; a
 * page's text carries words of its topic's vocabulary, real words no other topic and no prose of
 * simweb's uses. Immutable.
 */
public final class WebTopics {
  /** The topics there can be, each with its vocabulary. */
  static final String[][] VOCABULARIES = {
    {
      "astronomy", "telescope", "galaxy", "orbit", "comet", "nebula", "asteroid", "eclipse",
      "meteor", "lunar", "solar", "cosmic", "astronaut", "observatory", "constellation", "supernova"
    },
    {
      "cooking",
      "recipe",
      "oven",
      "simmer",
      "flour",
      "butter",
      "garlic",
      "onion",
      "roast",
      "sauce",
      "bake",
      "saucepan",
      "dough",
      "seasoning",
      "broth",
      "skillet"
    },
    {
      "football", "striker", "referee", "penalty", "midfield", "league", "stadium", "goalkeeper",
      "tackle", "offside", "dribble", "coach", "fixture", "defender", "kickoff", "goal"
    },
    {
      "gardening", "compost", "seedling", "pruning", "soil", "mulch", "perennial", "greenhouse",
      "fertilizer", "weeding", "bulbs", "hedge", "trowel", "irrigation", "blossom", "shrub"
    },
    {
      "medicine", "vaccine", "diagnosis", "symptom", "clinic", "patient", "dosage", "infection",
      "surgeon", "therapy", "antibiotic", "nurse", "prescription", "fever", "immune", "hospital"
    },
    {
      "music",
      "melody",
      "guitar",
      "chord",
      "rhythm",
      "orchestra",
      "violin",
      "symphony",
      "tempo",
      "drummer",
      "concert",
      "lyrics",
      "piano",
      "harmony",
      "choir",
      "saxophone"
    },
    {
      "sailing",
      "yacht",
      "keel",
      "mast",
      "regatta",
      "hull",
      "rudder",
      "spinnaker",
      "mooring",
      "dinghy",
      "helm",
      "jib",
      "starboard",
      "schooner",
      "buoy",
      "halyard"
    },
    {
      "finance", "dividend", "equity", "bond", "portfolio", "inflation", "mortgage", "broker",
      "shares", "investor", "liquidity", "credit", "budget", "pension", "currency", "auditor"
    }
  };

  /** The most topics a web can have. */
  public static final int MAX = VOCABULARIES.length;

  /** Words of its topic a page's text carries. */
  static final int WORDS_PER_PAGE = 24;

  /** The share of the links leaving a host that go to a host of the same topic. */
  static final double SAME_TOPIC_LINKS = 0.9;

  private final int[] topicOfHost;

  private WebTopics(int[] topicOfHost) {
    this.topicOfHost = topicOfHost;
  }

  /**
   * Topics for hosts of {@code pages} real pages each (0: not a content host): the largest host
   * first, each to the topic with the fewest pages so far, so the shares come out even.
   */
  static WebTopics assign(int topics, int[] pages) {
    if (topics < 1 || topics > MAX) {
      throw new IllegalArgumentException("--topics must be from 1 to " + MAX + ", not " + topics);
    }
    Integer[] order = new Integer[pages.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> pages[b] != pages[a] ? pages[b] - pages[a] : a - b);
    long[] total = new long[topics];
    int[] topicOfHost = new int[pages.length];
    Arrays.fill(topicOfHost, -1);
    for (int h : order) {
      if (pages[h] == 0) {
        continue;
      }
      int t = 0;
      for (int k = 1; k < topics; k++) {
        if (total[k] < total[t]) {
          t = k;
        }
      }
      topicOfHost[h] = t;
      total[t] += pages[h];
    }
    return new WebTopics(topicOfHost);
  }

  /** The topic of host {@code h}, or -1 for a host without pages of its own. */
  int ofHost(int h) {
    return topicOfHost[h];
  }

  /** The name of topic {@code t}: the first word of its vocabulary, "astronomy". */
  public static String name(int t) {
    return VOCABULARIES[t][0];
  }

  /** The names of the first {@code topics} topics. */
  public static List<String> names(int topics) {
    List<String> names = new ArrayList<>();
    for (int t = 0; t < Math.min(topics, MAX); t++) {
      names.add(name(t));
    }
    return names;
  }

  /** The topic named {@code name} (any case) among the first {@code topics}, or -1. */
  public static int named(String name, int topics) {
    for (int t = 0; t < Math.min(topics, MAX); t++) {
      if (name(t).equals(name.toLowerCase(Locale.ROOT))) {
        return t;
      }
    }
    return -1;
  }

  /** The words of topic {@code t}'s vocabulary. */
  public static List<String> vocabulary(int t) {
    return List.of(VOCABULARIES[t]);
  }

  /** {@value #WORDS_PER_PAGE} words of topic {@code t}, drawn with {@code hash}. */
  static String words(int t, long hash) {
    SplittableRandom rnd = new SplittableRandom(hash);
    List<String> words = new ArrayList<>(WORDS_PER_PAGE);
    for (int i = 0; i < WORDS_PER_PAGE; i++) {
      words.add(VOCABULARIES[t][rnd.nextInt(VOCABULARIES[t].length)]);
    }
    return String.join(" ", words);
  }
}
