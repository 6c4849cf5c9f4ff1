package org.trawler.core.usage;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a page's owner allows, one value per {@link UsageField} with where it came from. Sources are
 * added in a fixed order (robots.txt, tdmrep.json, header, meta); when two disagree on a flag the
 * stricter value wins (a "no" to a usage, a "yes" to a reservation or robots directive, the earlier
 * unavailable_after, the shorter max-snippet: {@link UsageField#stricter}) and a {@link
 * UsageNote#CONFLICTING_SIGNALS} note is kept: an owner who said no anywhere meant it.
 */
public final class SiteSignals {
  /** A field's value and the label of its source ("header", "robots.txt:trawler", ...). */
  public record Value(String value, String from) {}

  private final Map<UsageField, Value> values = new EnumMap<>(UsageField.class);
  private final List<UsagePreferences.Noted> notes = new ArrayList<>();

  /** Sets {@code field} from {@code from} unless a stricter value is already there. */
  public SiteSignals set(UsageField field, String value, String from) {
    Value old = values.get(field);
    if (old == null) {
      values.put(field, new Value(value, from));
    } else if (!old.value().equals(value) && field != UsageField.TDM_POLICY) {
      notes.add(
          new UsagePreferences.Noted(
              UsageNote.CONFLICTING_SIGNALS,
              field.key()
                  + "="
                  + old.value()
                  + " ("
                  + old.from()
                  + ") vs "
                  + value
                  + " ("
                  + from
                  + ")"));
      if (field.stricter(old.value(), value).equals(value)) {
        values.put(field, new Value(value, from));
      }
    }
    return this;
  }

  /** Sets the fields of a Content-Signal or Content-Usage value. */
  public SiteSignals setAll(Map<UsageField, String> fields, String from) {
    fields.forEach((f, v) -> set(f, v, from));
    return this;
  }

  /** Keeps a note (malformed value, unknown key) about this page's signals. */
  public void note(UsageNote note, String detail) {
    notes.add(new UsagePreferences.Noted(note, detail));
  }

  public List<UsagePreferences.Noted> notes() {
    return notes;
  }

  /** The value of {@code field}, or null when no signal set it. */
  public String get(UsageField field) {
    Value v = values.get(field);
    return v == null ? null : v.value();
  }

  public Map<UsageField, Value> values() {
    return values;
  }

  /** Whether the page's owner restricts {@code field}: its value is the restrictive one. */
  public boolean restricts(UsageField field) {
    String v = get(field);
    return v != null && v.equals(field.restrictive());
  }

  /**
   * Whether the owner refused {@code usage} (a usage field): it says no, or for ai-train the page
   * reserves its TDM rights (TDMRep follows the EU rule that covers training, Directive 2019/790
   * art. 4).
   */
  public boolean refuses(UsageField usage) {
    return restricts(usage) || (usage == UsageField.AI_TRAIN && restricts(UsageField.TDM_RESERVED));
  }

  /** Writes every field and its source into a parse metadata map. */
  public void writeTo(Map<String, String> meta) {
    values.forEach(
        (f, v) -> {
          meta.put(f.key(), v.value());
          meta.put(f.fromKey(), v.from());
        });
  }

  /** The signals a parse recorded in {@code meta}. */
  public static SiteSignals readFrom(Map<String, String> meta) {
    SiteSignals s = new SiteSignals();
    for (UsageField f : UsageField.values()) {
      String v = meta.get(f.key());
      if (v != null) {
        s.values.put(f, new Value(v, meta.getOrDefault(f.fromKey(), "")));
      }
    }
    return s;
  }
}
