package org.trawler.lang;

import java.util.Arrays;

/**
 * The language of most pages, decided in a few microseconds, before the n-gram detector is asked:
 * by the Unicode script of the letters (Hangul is Korean; Han with kana is Japanese, Han without is
 * Chinese; Greek, Hebrew, Thai, Georgian and Armenian each have one language), and for Latin and
 * Cyrillic text by a vote of the function words ("the", "und", "les", "и"...) of the common
 * languages written in it. It answers only when the evidence is clear: a vote with few words, one
 * language barely ahead of another (Danish and Norwegian, Spanish and Catalan), text in scripts
 * mixed half and half, or a script without a rule here gives null, and the n-gram detector decides.
 * The n-gram detector costs milliseconds a page (it cleans the text with regular expressions,
 * extracts every 1-3-gram and runs random trials over 70 profiles); this, a pass over the
 * characters and a map look-up per short word.
 */
final class QuickLanguage {
  /** The languages of the vote, each with its most frequent short words (articles, pronouns...). */
  private static final String[][] FUNCTION_WORDS = {
    // Latin script
    {
      "en",
      "the of and to in is that for it was on with as by at from be this are or an have has not but"
          + " which were they their his her its been will would can there who you we he she"
    },
    {
      "de",
      "der die das und ist nicht ein eine einen einem einer den dem des mit sich auf für von zu im"
          + " auch als wird werden wurde sind war nach bei aus oder aber wie noch nur durch dass"
          + " über vom zum zur ich sie es er wir"
    },
    {
      "fr",
      "le la les des et est un une du que qui dans pour pas sur au aux par ce cette sont avec plus"
          + " ont été il elle nous vous ne se son sa ses leur mais ou être à où"
    },
    {
      "es",
      "el la los las del y en que es por con una un para se no su sus al lo como más pero fue ha"
          + " son está este esta también entre hay muy sobre"
    },
    {
      "it",
      "il lo la gli le di del della dei delle che è un una per non con sono nel nella alla al da"
          + " dal anche come più ma ha questo questa ed si"
    },
    {
      "pt",
      "o a os as do da dos das e em que um uma para com não por se no na nos nas ao é foi são mais"
          + " como mas ou seu sua também pelo pela"
    },
    {
      "nl",
      "de het een en van in is dat op te zijn met voor niet aan er die ook als bij maar om door"
          + " naar worden wordt werd heeft hebben dit zij we ze"
    },
    {
      "pl",
      "i w z na do się nie jest to że od jak po ale dla przez jego tak są być czy o oraz jako lub"
          + " już tylko może które który która"
    },
    {
      "sv",
      "och i att det som en på är av för med till den har inte om ett de var sig men från kan"
          + " eller också vid så jag han hon"
    },
    {
      "da",
      "og i at det som en på er af for med til den har ikke om et de var sig men fra kan eller"
          + " også ved så jeg han hun efter blev meget nu"
    },
    {
      "no",
      "og i at det som en på er av for med til den har ikke om et de var seg men fra kan eller"
          + " også ved så jeg han hun etter ble mye bare"
    },
    {
      "fi",
      "ja on ei se että oli hän ovat kuin myös mutta tai jos kun joka mitä sekä ole olla tämä niin"
          + " vain"
    },
    {
      "cs",
      "a je se na v že to s z do ve jsou by jako pro ale o k jeho tak který která které také nebo"
          + " jsem být"
    },
    {
      "sk",
      "a je sa na v že to s z do vo sú by ako pre ale o k jeho tak ktorý ktorá ktoré aj alebo som"
          + " byť"
    },
    {"hu", "a az és hogy nem egy is van meg ez de csak már volt mint azt vagy még el ki be kell"},
    {
      "ro", "și de la în a cu pe din că este un o nu se care mai pentru sunt fost ca sau al ale lui"
    },
    {
      "tr",
      "ve bir bu da de için ile olarak çok daha gibi olan ne ama en kadar sonra var ya değil her"
    },
    {
      "id",
      "dan yang di ini itu dengan untuk dari dalam tidak akan pada adalah juga ke atau oleh sudah"
          + " ada bisa mereka kami"
    },
    {
      "ms",
      "dan yang di ini itu dengan untuk dari dalam tidak akan pada ialah adalah juga ke atau oleh"
          + " telah ada boleh mereka kami"
    },
    {
      "vi",
      "và của là có được các những trong cho không một với người này đã để khi thì cũng như từ"
    },
    {"hr", "i je u na da se za su od a s što koji kao ali ili biti bio iz nije sam će"},
    {
      "ca",
      "i de la el les els en que a per amb no una un del es és al com però més aquest aquesta seu"
    },
    {"sl", "in je v na da se za so od z s ki ali kot tudi bi pa ni bil"},
    {"lt", "ir yra į kad su iš tai bet kaip buvo jo ne ar o per"},
    {"lv", "un ir ar par no uz kas ka to bet arī tā vai nav bija viņš"},
    {"et", "ja on ei et see oli ka kui ta mis aga või ning tema seda"},
    {"sq", "të e në dhe një për me që nga është si i u"},
    {"af", "die en van is in het nie op vir te dat met wat sy hy ook"},
    {"tl", "ang ng sa mga na at ay si hindi ito para"},
    // Cyrillic script
    {
      "ru",
      "и в не на что с он как это по но из к у же за от то так все она для был было его её они мы"
          + " вы бы только или уже если"
    },
    {
      "uk",
      "і в не на що з та як це до але від у й за так його є був була вони ми ви чи або вже якщо"
          + " для"
    },
    {"bg", "и в не на да се е че за с от по като са той ще това но или към след"},
    {"sr", "и у је да се на за су од са не што као али или бити из није сам ће"},
    {"mk", "и во на да се е со не што за од тоа како но или ќе беше"},
    {"be", "і ў не на што з як гэта па але ад да за так яго ён яна былі"}
  };

  private static final String[] CODES = new String[FUNCTION_WORDS.length];

  /**
   * The function words, in an open-addressing table looked up with the word's characters as they
   * are read, so that no word becomes a String. A slot holds, in one long, the high 29 bits of its
   * word's hash and which languages (bit i: FUNCTION_WORDS[i]) have the word; 0 is an empty slot.
   * Most words read are no function word and are told apart by that one long: the table is 8 kB,
   * and a page's lookups, made between the parses of other pages, find it out of the cache less
   * often than three arrays of it.
   */
  private static final int TABLE_BITS = 10;

  private static final int TABLE_SIZE = 1 << TABLE_BITS;

  private static final int LANGUAGE_BITS = 35;
  private static final long LANGUAGES = (1L << LANGUAGE_BITS) - 1;

  private static final long[] TABLE = new long[TABLE_SIZE];

  /** The word of each slot, compared when its hash matches. */
  private static final char[][] WORD_OF = new char[TABLE_SIZE][];

  /** Languages whose function words are in Latin script: bits 0 .. FIRST_CYRILLIC - 1. */
  private static final int FIRST_CYRILLIC;

  static {
    if (FUNCTION_WORDS.length > LANGUAGE_BITS) {
      throw new IllegalStateException("more languages than bits in a table slot");
    }
    int firstCyrillic = 0;
    for (int i = 0; i < FUNCTION_WORDS.length; i++) {
      CODES[i] = FUNCTION_WORDS[i][0];
      if (CODES[i].equals("ru")) {
        firstCyrillic = i;
      }
      for (String w : FUNCTION_WORDS[i][1].split(" ")) {
        char[] word = w.toCharArray();
        int hash = hash(word, word.length);
        int slot = slot(word, word.length, hash);
        TABLE[slot] |= tag(hash) | 1L << i;
        WORD_OF[slot] = word;
      }
    }
    FIRST_CYRILLIC = firstCyrillic;
  }

  /** Function words longer than this are none: longer words are not looked up. */
  private static final int MAX_WORD = 7;

  /** Characters whose script is counted at most. */
  private static final int MAX_CHARS = 2000;

  /** Words of prose the vote reads at most: a few hundred decide a page. */
  private static final int MAX_WORDS = 400;

  /** Words the vote reads at most, prose or not (a reference page's menu of 100 links first). */
  private static final int MAX_SCANNED = 1500;

  /**
   * Words are taken in runs of this many; a run without one function word (a menu, a list of names,
   * a table of identifiers) is not prose and does not count against the coverage.
   */
  private static final int RUN = 25;

  /**
   * Words of prose after which a vote clearer than the rule asks (EARLY_COVERAGE times its
   * coverage, EARLY_MARGIN times its margin) decides without reading on: a page of plain prose is
   * decided on its first paragraphs.
   */
  private static final int EARLY_WORDS = 100;

  private static final double EARLY_COVERAGE = 1.5;

  private static final double EARLY_MARGIN = 2.0;

  /** Fewer words than this: the vote does not decide. */
  private static final int MIN_WORDS = 20;

  /**
   * A block of a page (a paragraph, a code example's comment) is decided on fewer words than a
   * page: from this many, with at least BLOCK_MIN_HITS function words of its language.
   */
  private static final int BLOCK_MIN_WORDS = 6;

  private static final int BLOCK_MIN_HITS = 2;

  /**
   * In a block, a language that has words of its own (Spanish "y", "hay") where the runner-up has
   * none wins with this much of a lead instead of MIN_MARGIN: a sentence of Spanish has too few
   * words to outscore Catalan twice over on the words they share, but Catalan's own ("i", "amb",
   * "els") are absent.
   */
  private static final double BLOCK_OWN_WORDS_MARGIN = 1.2;

  /**
   * How much evidence an answer needs: a whole page's sample, or one block of it ({@code
   * ownWordsMargin} 0: the lead of a language with words of its own is not enough alone).
   */
  private record Evidence(int minWords, int minHits, double ownWordsMargin) {}

  private static final Evidence PAGE = new Evidence(MIN_WORDS, 0, 0);
  private static final Evidence BLOCK =
      new Evidence(BLOCK_MIN_WORDS, BLOCK_MIN_HITS, BLOCK_OWN_WORDS_MARGIN);

  /** The winner's function words are at least this share of the prose's words (25-45 %). */
  private static final double MIN_COVERAGE = 0.08;

  /** The winner's score is at least this many times the runner-up's. */
  private static final double MIN_MARGIN = 2.0;

  /** A script's share of the letters for its language to be taken. */
  private static final double MAIN_SCRIPT = 0.6;

  private enum Script {
    LATIN,
    CYRILLIC,
    GREEK,
    HEBREW,
    ARABIC,
    DEVANAGARI,
    THAI,
    GEORGIAN,
    ARMENIAN,
    HANGUL,
    KANA,
    HAN,
    OTHER
  }

  private static final Script[] SCRIPTS = Script.values();

  /** What a word several languages share counts for each: SHARE[n] = 1 / n, n languages. */
  private static final double[] SHARE = new double[LANGUAGE_BITS + 1];

  static {
    for (int n = 1; n < SHARE.length; n++) {
      SHARE[n] = 1.0 / n;
    }
  }

  private QuickLanguage() {}

  /** The ISO 639-1 code of {@code text}'s language, or null when the evidence is not clear. */
  static String detect(CharSequence text) {
    return detect(text, text.length());
  }

  /**
   * The language of the first {@code length} characters of {@code text}: what {@code
   * detect(text.subSequence(0, length))} gives, without copying them.
   */
  static String detect(CharSequence text, int length) {
    int end = Math.min(length, text.length());
    return detect(text, end, Words.of(text, 0, end));
  }

  /**
   * As {@link #detect(CharSequence, int)}, voting on {@code words}, the words of the same
   * characters as {@link Words} read them (LanguageShares reads them once for the page and its
   * blocks).
   */
  static String detect(CharSequence text, int length, Words words) {
    int end = Math.min(length, text.length());
    return decide(text, 0, end, PAGE, new Ballot(), words, 0, words.size());
  }

  /**
   * The language of one block of a page, characters {@code start..end-1} of {@code text} (a
   * paragraph, a group of short lines), or null: as {@link #detect} decides a page, on fewer words
   * (BLOCK_MIN_WORDS, BLOCK_MIN_HITS of them its language's function words).
   */
  static String detectBlock(CharSequence text, int start, int end) {
    return detectBlock(text, start, end, new Ballot());
  }

  /**
   * As {@link #detectBlock(CharSequence, int, int)}, counted in {@code ballot}, which keeps the
   * leader and runner-up of a close vote.
   */
  static String detectBlock(CharSequence text, int start, int end, Ballot ballot) {
    int blockEnd = Math.min(end, text.length());
    Words words = Words.of(text, start, blockEnd);
    return decide(text, start, blockEnd, BLOCK, ballot, words, 0, words.size());
  }

  /**
   * As {@link #detectBlock(CharSequence, int, int, Ballot)}, voting on {@code
   * words.get(from..to-1)}: the block's words as {@link Words} read them, which it need not read
   * again. A block whose letters are all ASCII ({@code ascii}, as the caller counted them) is
   * Latin: its letters need no second count.
   */
  static String detectBlock(
      CharSequence text,
      int start,
      int end,
      boolean ascii,
      Words words,
      int from,
      int to,
      Ballot ballot) {
    int blockEnd = Math.min(end, text.length());
    if (ascii && blockEnd - start <= MAX_CHARS) {
      ballot.start(0, FIRST_CYRILLIC, BLOCK);
      return ballot.vote(words, from, to);
    }
    // a longer block's letters may all come after the MAX_CHARS its script is counted on
    return decide(text, start, blockEnd, BLOCK, ballot, words, from, to);
  }

  /**
   * The language of characters {@code start..sampleEnd-1} by their script, and by a vote on their
   * words, {@code words.get(from..to-1)}, where the script has several languages.
   */
  private static String decide(
      CharSequence text,
      int start,
      int sampleEnd,
      Evidence evidence,
      Ballot ballot,
      Words words,
      int from,
      int to) {
    int end = Math.min(sampleEnd, start + MAX_CHARS);
    int[] count = ballot.newScriptCounts();
    int ascii = 0;
    int others = 0;
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        // whether c is a letter, without a branch: text mixes letters and spaces unpredictably
        int x = (c | 0x20) - 'a';
        ascii += ((x - 26) & ~x) >>> 31;
      } else if (Character.isLetter(c)) {
        count[script(c).ordinal()]++;
        others++;
      }
    }
    count[Script.LATIN.ordinal()] += ascii;
    int letters = ascii + others;
    if (letters == 0) {
      return null;
    }
    int han = count[Script.HAN.ordinal()];
    int kana = count[Script.KANA.ordinal()];
    int hangul = count[Script.HANGUL.ordinal()];
    int cjk = han + kana + hangul;
    if (cjk >= 0.3 * letters) {
      // Korean is written in Hangul with a little Hanja; Japanese mixes Han and kana, Chinese is
      // Han alone: a Chinese page quoting a Japanese name has a handful of kana, no more
      if (hangul >= 0.5 * cjk) {
        return kana <= 0.02 * cjk ? "ko" : null;
      }
      if (hangul > 0.02 * cjk) {
        return null;
      }
      if (kana >= 0.1 * (han + kana)) {
        return "ja";
      }
      return kana <= 0.03 * han && han >= 60 ? "zh" : null;
    }
    if (cjk > 0.05 * letters) {
      return null;
    }
    Script main = Script.OTHER;
    for (Script s : SCRIPTS) {
      if (count[s.ordinal()] > count[main.ordinal()]) {
        main = s;
      }
    }
    if (count[main.ordinal()] < MAIN_SCRIPT * letters) {
      return null;
    }
    switch (main) {
      case GREEK:
        return "el";
      case HEBREW:
        return "he";
      case THAI:
        return "th";
      case GEORGIAN:
        return "ka";
      case ARMENIAN:
        return "hy";
      case LATIN:
        ballot.start(0, FIRST_CYRILLIC, evidence);
        break;
      case CYRILLIC:
        ballot.start(FIRST_CYRILLIC, FUNCTION_WORDS.length, evidence);
        break;
      default:
        return null; // Arabic (ar, fa, ur), Devanagari (hi, mr, ne) and the rest: the n-grams
    }
    return ballot.vote(words, from, to);
  }

  /**
   * A text's words as the vote reads them: runs of letters, each as the languages whose function
   * word it is (bit i: FUNCTION_WORDS[i]; 0 for none, or a word longer than MAX_WORD).
   * LanguageShares reads a page's words once, and the page's vote and each of its blocks' count on
   * them, where each read its characters again.
   */
  static final class Words {
    private final char[] word = new char[MAX_WORD];
    private int letters;
    private int hash;
    private boolean tooLong;
    private long[] languages = new long[256];
    private int size;

    /** Adds a letter to the word being read. */
    void letter(char c) {
      if (letters == MAX_WORD) {
        tooLong = true;
        return;
      }
      char lower = c < 0x80 ? (char) (c | 0x20) : Character.toLowerCase(c);
      word[letters++] = lower;
      hash = 31 * hash + lower;
    }

    /** Ends the word being read, if one is: it is the next word. */
    void endWord() {
      if (letters == 0) {
        return;
      }
      if (size == languages.length) {
        languages = Arrays.copyOf(languages, 2 * size);
      }
      languages[size++] = languagesOf(word, letters, hash, tooLong);
      letters = 0;
      hash = 0;
      tooLong = false;
    }

    /** Words read so far. */
    int size() {
      return size;
    }

    /** The languages of word {@code i}, as bits. */
    long get(int i) {
      return languages[i];
    }

    /** The words of characters {@code start..end-1} of {@code text}. */
    static Words of(CharSequence text, int start, int end) {
      Words words = new Words();
      for (int i = start; i < end; i++) {
        char c = text.charAt(i);
        if (isLetter(c)) {
          words.letter(c);
        } else {
          words.endWord();
        }
      }
      words.endWord();
      return words;
    }
  }

  /** The languages whose function word the word read into {@code word} is. */
  private static long languagesOf(char[] word, int letters, int hash, boolean tooLong) {
    return tooLong ? 0 : TABLE[slot(word, letters, hash)] & LANGUAGES;
  }

  /**
   * One vote on a text's words: each language's score (a word several languages share counts for
   * each as a share, so that "de", in French, Spanish, Dutch..., decides nothing and "het" or "los"
   * decide much), its hits and its words of its own. Reused from one block of a page to the next.
   * After a vote with the words but no clear winner (Spanish and Catalan share most of theirs),
   * {@link #leader} and {@link #runnerUp} name its two languages; after any other they are null.
   */
  static final class Ballot {
    private final double[] score = new double[FUNCTION_WORDS.length];
    private final int[] hits = new int[FUNCTION_WORDS.length];
    private final int[] own = new int[FUNCTION_WORDS.length];
    private final int[] scripts = new int[SCRIPTS.length];
    private int from;
    private int to;
    private long of;
    private Evidence evidence;
    private int words;
    private int scanned;
    private int run;
    private boolean runHit;
    private String leader;
    private String runnerUp;

    /** The leader of the last vote, when it was close, else null. */
    String leader() {
      return leader;
    }

    /** The runner-up of the last vote, when it was close, else null. */
    String runnerUp() {
      return runnerUp;
    }

    /**
     * The script counts of a new decision, all 0, and no close vote noted: a decision by script
     * alone (Korean, Greek, a mixed text) leaves none.
     */
    private int[] newScriptCounts() {
      Arrays.fill(scripts, 0);
      leader = null;
      runnerUp = null;
      return scripts;
    }

    /** A new vote among the languages {@code from..to-1}. */
    private void start(int from, int to, Evidence evidence) {
      this.from = from;
      this.to = to;
      this.of = ((1L << to) - 1) & ~((1L << from) - 1);
      this.evidence = evidence;
      Arrays.fill(score, 0);
      Arrays.fill(hits, 0);
      Arrays.fill(own, 0);
      words = 0;
      scanned = 0;
      run = 0;
      runHit = false;
      leader = null;
      runnerUp = null;
    }

    /** The vote on {@code words.get(first..end-1)}. */
    private String vote(Words words, int first, int end) {
      for (int w = first; w < end && !full(); w++) {
        String early = count(words.get(w));
        if (early != null) {
          return early;
        }
      }
      return result();
    }

    /** Whether the vote has read all the words it reads: MAX_WORDS of prose, MAX_SCANNED in all. */
    private boolean full() {
      return words >= MAX_WORDS || scanned >= MAX_SCANNED;
    }

    /**
     * Counts a word of {@code languages}; returns the language decided without reading on (a page
     * of plain prose is decided on its first paragraphs), or null.
     */
    private String count(long languages) {
      long mask = languages & of;
      scanned++;
      run++;
      if (mask != 0) {
        runHit = true;
        double share = SHARE[Long.bitCount(mask)];
        own[Long.numberOfTrailingZeros(mask)] += Long.bitCount(mask) == 1 ? 1 : 0;
        for (long m = mask; m != 0; m &= m - 1) {
          int l = Long.numberOfTrailingZeros(m);
          score[l] += share;
          hits[l]++;
        }
      }
      if (run == RUN) {
        words += runHit ? run : 0;
        run = 0;
        runHit = false;
        if (words >= EARLY_WORDS) {
          return decided(EARLY_COVERAGE, EARLY_MARGIN, false);
        }
      }
      return null;
    }

    /** The language the words read decide, or null. */
    private String result() {
      words += runHit ? run : 0;
      if (words < evidence.minWords()) {
        return null;
      }
      return decided(1, 1, true);
    }

    /**
     * The language whose function words won the vote so far, or null: its words at least {@code
     * coverage} times MIN_COVERAGE of the words of prose read, its score at least {@code margin}
     * times MIN_MARGIN the runner-up's (or, where the evidence allows, its own words against none
     * of the runner-up's and a smaller lead), and at least the hits the evidence asks. Where only
     * the lead is missing, and {@code noteTie}, leader and runner-up are kept.
     */
    private String decided(double coverage, double margin, boolean noteTie) {
      int best = from;
      int second = -1;
      for (int l = from + 1; l < to; l++) {
        if (score[l] > score[best]) {
          second = best;
          best = l;
        } else if (second < 0 || score[l] > score[second]) {
          second = l;
        }
      }
      if (hits[best] < coverage * MIN_COVERAGE * words || hits[best] < evidence.minHits()) {
        return null;
      }
      if (score[best] < margin * MIN_MARGIN * score[second]
          && (evidence.ownWordsMargin() == 0
              || own[best] == 0
              || own[second] > 0
              || score[best] < evidence.ownWordsMargin() * score[second])) {
        if (noteTie) {
          leader = CODES[best];
          runnerUp = CODES[second];
        }
        return null;
      }
      return CODES[best];
    }
  }

  private static boolean isLetter(char c) {
    return isAsciiLetter(c) || (c >= 0x80 && Character.isLetter(c));
  }

  private static boolean isAsciiLetter(char c) {
    return (char) ((c | 0x20) - 'a') < 26;
  }

  private static int hash(char[] word, int length) {
    int h = 0;
    for (int i = 0; i < length; i++) {
      h = 31 * h + word[i];
    }
    return h;
  }

  /** The high bits of a word's hash, as its table slot keeps them. */
  private static long tag(int hash) {
    return (long) (hash >>> (Integer.SIZE + LANGUAGE_BITS - Long.SIZE)) << LANGUAGE_BITS;
  }

  /** Whether {@code word} is the first {@code length} characters of {@code candidate}, no more. */
  private static boolean same(char[] candidate, char[] word, int length) {
    if (candidate.length != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (candidate[i] != word[i]) {
        return false;
      }
    }
    return true;
  }

  /** The slot of a word in the table: where it is, or the empty one where it would be. */
  private static int slot(char[] word, int length, int hash) {
    long tag = tag(hash);
    int slot = (hash * 0x9E3779B9) >>> (Integer.SIZE - TABLE_BITS);
    for (long e = TABLE[slot]; e != 0; e = TABLE[slot]) {
      if ((e & ~LANGUAGES) == tag && same(WORD_OF[slot], word, length)) {
        break;
      }
      slot = (slot + 1) & (TABLE_SIZE - 1);
    }
    return slot;
  }

  /** The script of a letter, by Unicode block (what Character.UnicodeScript says, faster). */
  private static Script script(char c) {
    if (c < 0x250) {
      return Script.LATIN;
    }
    if (c < 0x370) {
      return c >= 0x300 ? Script.OTHER : Script.LATIN; // IPA, modifier letters
    }
    if (c < 0x400) {
      return Script.GREEK;
    }
    if (c < 0x530) {
      return Script.CYRILLIC;
    }
    if (c < 0x590) {
      return Script.ARMENIAN;
    }
    if (c < 0x600) {
      return Script.HEBREW;
    }
    if (c < 0x780) {
      return Script.ARABIC;
    }
    if (c >= 0x900 && c < 0x980) {
      return Script.DEVANAGARI;
    }
    if (c >= 0xE00 && c < 0xE80) {
      return Script.THAI;
    }
    if (c >= 0x10A0 && c < 0x1100) {
      return Script.GEORGIAN;
    }
    if (c >= 0x1100 && c < 0x1200) {
      return Script.HANGUL;
    }
    if (c >= 0x1E00 && c < 0x1F00) {
      return Script.LATIN; // Vietnamese
    }
    if (c >= 0x1F00 && c < 0x2000) {
      return Script.GREEK;
    }
    if (c >= 0x3040 && c < 0x3100) {
      return Script.KANA;
    }
    if (c >= 0x3130 && c < 0x3190) {
      return Script.HANGUL;
    }
    if (c >= 0x31F0 && c < 0x3200) {
      return Script.KANA;
    }
    if ((c >= 0x3400 && c < 0x4DC0) || (c >= 0x4E00 && c < 0xA000) || (c >= 0xF900 && c < 0xFB00)) {
      return Script.HAN;
    }
    if (c >= 0xAC00 && c < 0xD7B0) {
      return Script.HANGUL;
    }
    if (c >= 0xFB1D && c < 0xFB50) {
      return Script.HEBREW;
    }
    if ((c >= 0xFB50 && c < 0xFE00) || (c >= 0xFE70 && c < 0xFF00)) {
      return Script.ARABIC;
    }
    if (c >= 0xFF21 && c < 0xFF5B) {
      return Script.LATIN; // full-width
    }
    if (c >= 0xFF66 && c < 0xFFA0) {
      return Script.KANA; // half-width
    }
    return Script.OTHER;
  }
}
