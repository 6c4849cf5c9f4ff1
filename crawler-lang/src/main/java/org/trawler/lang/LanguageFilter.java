package org.trawler.lang;

import com.optimaize.langdetect.DetectedLanguage;
import com.optimaize.langdetect.LanguageDetector;
import com.optimaize.langdetect.LanguageDetectorBuilder;
import com.optimaize.langdetect.ngram.NgramExtractors;
import com.optimaize.langdetect.profiles.LanguageProfileReader;
import com.optimaize.langdetect.text.CommonTextObjectFactories;
import com.optimaize.langdetect.text.TextObjectFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.jsoup.nodes.Element;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParseFilter;
import org.trawler.core.parse.ParsedPage;
import org.trawler.core.parse.filter.FilterKeys;

/**
 * The fields {@code lang}, the ISO 639-1 code of a page's main language, and {@code languages}, up
 * to three languages of its text (main first, the others by their share: {@link LanguageShares}, as
 * Common Crawl's content_languages), detected from its text: {@code lang} first by its script and
 * function words (QuickLanguage, microseconds, decides most pages), where the page as a whole is
 * too mixed for that by the language that holds most of its blocks (a Spanish manual with English
 * shell examples is Spanish), and where those leave it open by the Optimaize n-gram detector (the
 * one Tika's tika-langdetect-optimaize wraps, milliseconds; why this one: the parent pom). A text
 * too short (fewer than parsefilter.lang.min.letters letters) or too mixed for the detector to be
 * sure takes the language the page declares ({@code <html lang>}, a meta Content-Language, the
 * Content-Language header); a page that declares none gets no {@code lang}: absent rather than
 * guessed. {@code languages} lists only what the text shows, never the declared language. Runs on
 * HTML and documents alike.
 */
public class LanguageFilter implements ParseFilter {
  /** Fixed so that a page gets the same language on every run (the detector samples n-grams). */
  private static final long SEED = 20240101L;

  /** check's lines for the languages QuickLanguage decided: a page's note is not built anew. */
  private final Map<String, String> quickNotes = new ConcurrentHashMap<>();

  private final TextObjectFactory texts = CommonTextObjectFactories.forDetectingOnLargeText();
  private int sampleChars;
  private int minLetters;
  private double minConfidence;

  @Override
  public void configure(Configuration conf) {
    this.sampleChars =
        Settings.getInt(conf, FilterKeys.LANG_SAMPLE_CHARS, FilterKeys.DEFAULT_LANG_SAMPLE_CHARS);
    this.minLetters =
        Settings.getInt(conf, FilterKeys.LANG_MIN_LETTERS, FilterKeys.DEFAULT_LANG_MIN_LETTERS);
    this.minConfidence =
        Settings.getFloat(
            conf, FilterKeys.LANG_MIN_CONFIDENCE, FilterKeys.DEFAULT_LANG_MIN_CONFIDENCE);
  }

  /**
   * The n-gram detector, built from its jar's built-in profiles on first use and shared by every
   * filter of the JVM: reading the 70 profiles costs seconds of CPU, and a local parse job has
   * several map tasks, each with its own filter chain, while most pages never need the detector. It
   * holds no setting and the library's detector is safe for concurrent use.
   */
  private static final class Detector {
    static final LanguageDetector INSTANCE = build();

    private static LanguageDetector build() {
      try {
        return LanguageDetectorBuilder.create(NgramExtractors.standard())
            .withProfiles(new LanguageProfileReader().readAllBuiltIn())
            .seed(SEED)
            .build();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the language profiles", e);
      }
    }
  }

  @Override
  public void filter(ParsedPage page) {
    String text = page.text();
    int end = Math.min(text.length(), sampleChars);
    LanguageShares shares = null;
    if (hasLetters(text, end, minLetters)) {
      shares = LanguageShares.of(text, end);
      String quick = QuickLanguage.detect(text, end, shares.words());
      if (quick != null) {
        page.put(ParseData.META_LANG, quick);
        page.note(LangCounter.LANG_FROM_TEXT, quickNote(quick));
        putLanguages(page, languages(quick, shares.languages()), shares);
        return;
      }
      String dominant = shares.dominant();
      if (dominant != null) {
        page.put(ParseData.META_LANG, dominant);
        page.count(LangCounter.LANG_BY_BLOCKS);
        page.note(
            LangCounter.LANG_FROM_TEXT,
            "lang "
                + dominant
                + " from the text's blocks, "
                + percent(shares, dominant)
                + " of them");
        putLanguages(page, languages(dominant, shares.languages()), shares);
        return;
      }
      page.count(LangCounter.LANG_BY_NGRAMS);
      DetectedLanguage found = byNgrams(text.substring(0, end));
      if (found != null) {
        String lang = found.getLocale().getLanguage();
        page.put(ParseData.META_LANG, lang);
        page.note(
            LangCounter.LANG_FROM_TEXT,
            "lang " + lang + " from the text's n-grams, p=" + probability(found));
        putLanguages(page, languages(lang, shares.languages()), shares);
        return;
      }
    }
    String declared = declared(page);
    if (declared != null) {
      page.put(ParseData.META_LANG, declared);
      page.note(
          LangCounter.LANG_FROM_MARKUP,
          "lang " + declared + " as the page declares: text too short or mixed");
    } else {
      page.note(
          LangCounter.LANG_ABSENT, "no lang: text too short or mixed, and the page declares none");
    }
    if (shares != null) {
      putLanguages(page, shares.languages(), shares); // what the text shows, not the markup
    }
  }

  /**
   * The languages field of a page whose text is in {@code lang}: {@code lang} first, then the
   * others its blocks are in by share, three at most.
   */
  static List<String> languages(String lang, List<String> byShare) {
    List<String> listed = new ArrayList<>(LanguageShares.MAX_LANGUAGES);
    listed.add(lang);
    for (String l : byShare) {
      if (listed.size() < LanguageShares.MAX_LANGUAGES && !l.equals(lang)) {
        listed.add(l);
      }
    }
    return listed;
  }

  private static void putLanguages(ParsedPage page, List<String> languages, LanguageShares shares) {
    for (String l : languages) {
      page.add(ParseData.META_LANGUAGES, l);
    }
    if (languages.size() > 1) {
      StringBuilder note = new StringBuilder("languages");
      for (String l : languages) {
        // a main language no block was decided in (Arabic: the n-grams') has no share to show
        note.append(' ').append(l);
        note.append(shares.share(l) > 0 ? " " + percent(shares, l) : "").append(',');
      }
      note.setLength(note.length() - 1);
      page.note(LangCounter.LANG_MIXED, note.append(" of the text's blocks").toString());
    }
  }

  private static String percent(LanguageShares shares, String lang) {
    return String.format(Locale.ROOT, "%.0f %%", 100 * shares.share(lang));
  }

  /** check's line for a language QuickLanguage decided, made once per language. */
  private String quickNote(String lang) {
    return quickNotes.computeIfAbsent(
        lang, l -> "lang " + l + " from the text, by its script and function words");
  }

  /** The n-gram detector's language of {@code sample}, or null when it is not sure enough. */
  DetectedLanguage byNgrams(String sample) {
    List<DetectedLanguage> found = Detector.INSTANCE.getProbabilities(texts.forText(sample));
    return !found.isEmpty() && found.get(0).getProbability() >= minConfidence ? found.get(0) : null;
  }

  private static String probability(DetectedLanguage d) {
    return String.format(Locale.ROOT, "%.2f", d.getProbability());
  }

  /**
   * Whether the first {@code end} characters of {@code s} hold {@code min} letters: what the
   * detectors read (digits, punctuation and markup are noise). Stops at the {@code min}th.
   */
  static boolean hasLetters(String s, int end, int min) {
    int n = 0;
    for (int i = 0; i < end && n < min; i++) {
      if (Character.isLetter(s.charAt(i))) {
        n++;
      }
    }
    return n >= min;
  }

  /**
   * The language the page declares: {@code <html lang>} (or xml:lang), a meta http-equiv
   * Content-Language, the Content-Language header; the first that names an ISO 639-1 language.
   */
  static String declared(ParsedPage page) {
    if (page.dom() != null) {
      Element html = page.dom().selectFirst("html");
      if (html != null) {
        String lang = iso639(html.hasAttr("lang") ? html.attr("lang") : html.attr("xml:lang"));
        if (lang != null) {
          return lang;
        }
      }
      for (Element meta : page.elements().metas()) {
        if (meta.attr("http-equiv").equalsIgnoreCase("content-language")) {
          String lang = iso639(meta.attr("content"));
          if (lang != null) {
            return lang;
          }
        }
      }
    }
    return iso639(page.content().getHeader("Content-Language"));
  }

  /**
   * The ISO 639-1 code of a language tag ("de-AT", "en_GB", "fr, en" gives its first), or null when
   * it names none (empty, "x-default", "und", a three-letter code).
   */
  static String iso639(String tag) {
    if (tag == null) {
      return null;
    }
    String t = tag.strip().toLowerCase(Locale.ROOT);
    int end = 0;
    while (end < t.length() && t.charAt(end) >= 'a' && t.charAt(end) <= 'z') {
      end++;
    }
    if (end != 2 || (end < t.length() && "-_,; ".indexOf(t.charAt(end)) < 0)) {
      return null;
    }
    return t.substring(0, 2);
  }
}
