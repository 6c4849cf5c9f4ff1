package org.trawler.core.usage;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads one Content-Signal value (Cloudflare's Content Signals Policy: {@code search=yes,
 * ai-train=no, ai-input=no}) or Content-Usage value (draft-ietf-aipref-vocab-05 through
 * draft-ietf-aipref-attach: {@code train-ai=n, search=y}) into our usage fields. Both forms take
 * yes/no and y/n. An unknown key or a value that is neither is noted and skipped.
 */
public final class UsagePreferences {
  /** Keys the vocabularies define that set none of our fields (Content Signals' use=reference). */
  private static final Set<String> KNOWN_OTHER = Set.of("use");

  /** aipref's Automated Processing: the category every other one nests in. */
  private static final String BOTS = "bots";

  private final Map<UsageField, String> values = new EnumMap<>(UsageField.class);

  private UsagePreferences() {}

  /**
   * The fields {@code value} sets; notes (unknown keys, malformed entries) go to {@code notes} with
   * the entry. A general {@code bots=n} sets every usage the value does not name itself (the more
   * specific category wins, as the vocabulary nests them).
   */
  public static Map<UsageField, String> read(String value, List<Noted> notes) {
    UsagePreferences prefs = new UsagePreferences();
    String bots = null;
    for (String entry : value.split(",")) {
      String e = entry.trim();
      if (e.isEmpty()) {
        continue;
      }
      int eq = e.indexOf('=');
      String key = (eq < 0 ? e : e.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
      if (KNOWN_OTHER.contains(key)) {
        continue;
      }
      String flag = eq < 0 ? null : flag(e.substring(eq + 1));
      if (flag == null) {
        notes.add(new Noted(UsageNote.MALFORMED_SIGNAL, e));
        continue;
      }
      switch (key) {
        case "search":
          prefs.values.put(UsageField.SEARCH, flag);
          break;
        case "ai-train":
        case "train-ai":
          prefs.values.put(UsageField.AI_TRAIN, flag);
          break;
        case "train-genai":
          // generative training is part of AI training: a "no" to it is a "no" to a dataset
          // that cannot promise which models it feeds; a "yes" says nothing about the rest
          if (flag.equals(UsageField.NO)) {
            prefs.values.putIfAbsent(UsageField.AI_TRAIN, flag);
          }
          break;
        case "ai-input":
          prefs.values.put(UsageField.AI_INPUT, flag);
          break;
        case BOTS:
          bots = flag;
          break;
        default:
          notes.add(new Noted(UsageNote.UNKNOWN_SIGNAL_KEY, e));
      }
    }
    if (bots != null) {
      for (UsageField f : List.of(UsageField.SEARCH, UsageField.AI_TRAIN, UsageField.AI_INPUT)) {
        prefs.values.putIfAbsent(f, bots);
      }
    }
    return prefs.values;
  }

  /** "yes" or "no" for yes/no/y/n (any case, quotes and parameters dropped), else null. */
  private static String flag(String raw) {
    String v = raw.trim();
    int semicolon = v.indexOf(';'); // a Structured Fields parameter
    if (semicolon >= 0) {
      v = v.substring(0, semicolon).trim();
    }
    v = v.replace("\"", "").toLowerCase(Locale.ROOT);
    switch (v) {
      case "yes":
      case "y":
        return UsageField.YES;
      case "no":
      case "n":
        return UsageField.NO;
      default:
        return null;
    }
  }

  /** A note and the text it is about. */
  public record Noted(UsageNote note, String detail) {}
}
