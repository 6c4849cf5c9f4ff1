package org.trawler.lang;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The languages of a page's text by their share of its letters, decided block by block: Common
 * Crawl's index lists up to three per page (CLD2's {@code content_languages}), and a page that
 * mixes languages (a Spanish manual whose shell examples carry English comments, a German page
 * quoting English and French) has no single language its whole text could be voted for. The text is
 * cut into blocks at every line end, and inside a line at the first sentence end after
 * BLOCK_LETTERS letters: a line of a document or of a code example, a sentence or two of a
 * paragraph (an HTML page's text has a line per line of its {@code <pre>} elements and its other
 * blocks joined by spaces: sentences are what a paragraph shows of its ends). Each block is decided
 * by {@link QuickLanguage#detectBlock} and counts with its letters; a block it leaves open
 * (commands, names, numbers, a sentence too short) counts for none. A language is listed with at
 * least MIN_SHARE of the decided letters, three at most, most first.
 */
final class LanguageShares {
  /** Languages listed at most, as Common Crawl's content_languages. */
  static final int MAX_LANGUAGES = 3;

  /**
   * A language's share of the decided letters to be listed: an English footer line under a long
   * German article is not a language of the page, a tenth of its prose is.
   */
  static final double MIN_SHARE = 0.1;

  /**
   * The share of the decided letters with which a language is the page's main one when the page as
   * a whole was too mixed for QuickLanguage.
   */
  static final double DOMINANT_SHARE = 0.6;

  /** Letters of its blocks a dominant language needs: a few sentences. */
  static final int MIN_DOMINANT_LETTERS = 200;

  /** Letters after which a sentence end closes a block: a sentence or two of prose. */
  static final int BLOCK_LETTERS = 60;

  /** Letters decided for each language, in the order the languages first came. */
  private final Map<String, Integer> letters = new LinkedHashMap<>();

  /** Letters of the blocks decided, all languages together. */
  private int decided;

  /** A block whose vote was close between two languages, and its letters. */
  private record Tie(String leader, String runnerUp, int letters) {}

  /** The close blocks, until settleTies counts them. */
  private final List<Tie> ties = new ArrayList<>();

  /** Each block's vote, and its leader and runner-up when it was close. */
  private final QuickLanguage.Ballot ballot = new QuickLanguage.Ballot();

  /** The words of the text, read once for the votes of all its blocks. */
  private final QuickLanguage.Words words = new QuickLanguage.Words();

  private LanguageShares() {}

  /** The shares of the first {@code end} characters of {@code text}. */
  static LanguageShares of(CharSequence text, int end) {
    end = Math.min(end, text.length());
    LanguageShares shares = new LanguageShares();
    QuickLanguage.Words words = shares.words;
    int blockStart = 0;
    int blockWords = 0; // the block's first word
    int blockLetters = 0;
    boolean ascii = true; // the block's letters are all ASCII
    for (int i = 0; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        if ((char) ((c | 0x20) - 'a') < 26) {
          blockLetters++;
          words.letter(c);
          continue;
        }
      } else if (Character.isLetter(c)) {
        blockLetters++;
        ascii = false;
        words.letter(c);
        continue;
      }
      words.endWord(); // so a block, cut at a line's end or a sentence's, ends between words
      if (c == '\n' || (blockLetters >= BLOCK_LETTERS && endsSentence(text, i, end))) {
        shares.block(text, blockStart, i + 1, blockLetters, ascii, blockWords);
        blockStart = i + 1;
        blockWords = words.size();
        blockLetters = 0;
        ascii = true;
      }
    }
    words.endWord();
    shares.block(text, blockStart, end, blockLetters, ascii, blockWords);
    shares.settleTies();
    return shares;
  }

  /**
   * Whether the character at {@code i} ends a sentence: '.', '!', '?' or ':' (what introduces an
   * example) before a space, or the ideographic full stop, exclamation and question marks.
   */
  private static boolean endsSentence(CharSequence text, int i, int end) {
    char c = text.charAt(i);
    if (c == '\u3002' || c == '\uFF01' || c == '\uFF1F') {
      return true;
    }
    return (c == '.' || c == '!' || c == '?' || c == ':')
        && (i + 1 == end || Character.isWhitespace(text.charAt(i + 1)));
  }

  /**
   * Counts the block {@code start..end-1}, of {@code blockLetters} letters ({@code ascii}: all of
   * them ASCII) and the words from {@code firstWord} on, for its language; a block whose vote was
   * close between two languages waits for settleTies.
   */
  private void block(
      CharSequence text, int start, int end, int blockLetters, boolean ascii, int firstWord) {
    if (blockLetters == 0) {
      return;
    }
    String lang =
        QuickLanguage.detectBlock(text, start, end, ascii, words, firstWord, words.size(), ballot);
    if (lang != null) {
      count(lang, blockLetters);
    } else if (ballot.leader() != null) {
      ties.add(new Tie(ballot.leader(), ballot.runnerUp(), blockLetters));
    }
  }

  /**
   * Counts each close block for the one of its two languages that other blocks of the page were
   * decided in: a Spanish sentence of words Catalan shares ("la", "de", "el", "del", "que") is
   * Spanish on a page of Spanish, and stays open where both or neither are the page's.
   */
  private void settleTies() {
    if (ties.isEmpty() || letters.isEmpty()) {
      return;
    }
    List<Tie> settled = List.copyOf(ties);
    ties.clear();
    Map<String, Integer> clear = Map.copyOf(letters);
    for (Tie t : settled) {
      boolean leader = clear.containsKey(t.leader());
      if (leader != clear.containsKey(t.runnerUp())) {
        count(leader ? t.leader() : t.runnerUp(), t.letters());
      }
    }
  }

  private void count(String lang, int blockLetters) {
    letters.merge(lang, blockLetters, Integer::sum);
    decided += blockLetters;
  }

  /**
   * The languages with at least MIN_SHARE of the decided letters, at most MAX_LANGUAGES, the
   * largest share first (on a tie, the one that came first); empty when no block was decided.
   */
  List<String> languages() {
    List<Map.Entry<String, Integer>> entries = new ArrayList<>(letters.entrySet());
    entries.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
    List<String> listed = new ArrayList<>(MAX_LANGUAGES);
    for (Map.Entry<String, Integer> e : entries) {
      if (listed.size() < MAX_LANGUAGES && e.getValue() >= MIN_SHARE * decided) {
        listed.add(e.getKey());
      }
    }
    return listed;
  }

  /**
   * The language whose blocks hold at least DOMINANT_SHARE of the decided letters and
   * MIN_DOMINANT_LETTERS of them, or null.
   */
  String dominant() {
    for (Map.Entry<String, Integer> e : letters.entrySet()) {
      if (e.getValue() >= DOMINANT_SHARE * decided && e.getValue() >= MIN_DOMINANT_LETTERS) {
        return e.getKey();
      }
    }
    return null;
  }

  /** The words of the text, as the votes read them. */
  QuickLanguage.Words words() {
    return words;
  }

  /** The share of the decided letters {@code lang}'s blocks hold, 0 to 1. */
  double share(String lang) {
    return decided == 0 ? 0 : letters.getOrDefault(lang, 0) / (double) decided;
  }
}
