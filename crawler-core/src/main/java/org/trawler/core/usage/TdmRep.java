package org.trawler.core.usage;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A site's {@code /.well-known/tdmrep.json} (W3C TDM Reservation Protocol, final report 2024): a
 * JSON array of rules, each a {@code location} pattern (a path, {@code *} for any characters, a
 * final {@code $} for the end, as in robots.txt), a {@code tdm-reservation} (1 reserves the rights,
 * 0 does not) and an optional {@code tdm-policy} URL. The rules are taken in order and the first
 * whose location matches a page's path applies to it. Read once per site and task from the bytes
 * the fetcher kept with robots.txt; never throws: a file that is no array of rules, or one too
 * large, gives no rules and a note each page of the site carries to parse, where it is counted.
 */
public final class TdmRep {
  /** No file (404, not asked): no rules, nothing to note. */
  public static final TdmRep NONE = new TdmRep(List.of(), List.of());

  private static final JsonFactory JSON = new JsonFactory();

  private static final String LOCATION = "location";
  private static final String RESERVATION = "tdm-reservation";
  private static final String POLICY = "tdm-policy";

  /** The prefix of a rule line in {@link #forPath}'s text. */
  private static final String RULE = "rule";

  /** A rule: the location as written and as a pattern, the reservation ("1"/"0"), the policy. */
  record Rule(String location, Pattern pattern, String reservation, String policy) {}

  private final List<Rule> rules;
  private final List<UsagePreferences.Noted> notes;

  private TdmRep(List<Rule> rules, List<UsagePreferences.Noted> notes) {
    this.rules = rules;
    this.notes = notes;
  }

  /** A file larger than the fetcher reads: no rules, noted. */
  public static TdmRep tooLarge() {
    return new TdmRep(
        List.of(), List.of(new UsagePreferences.Noted(UsageNote.TDMREP_TOO_LARGE, "tdmrep.json")));
  }

  /**
   * The rules of a tdmrep.json file's bytes. Markup is no file at all: sites that answer every
   * unknown path with a 200 page (soft 404s) answer tdmrep.json so too, and noting a broken file on
   * each of their pages would only be noise.
   */
  public static TdmRep read(byte[] body) {
    if (isMarkup(body)) {
      return NONE;
    }
    List<Rule> rules = new ArrayList<>();
    List<UsagePreferences.Noted> notes = new ArrayList<>();
    try (JsonParser p = JSON.createParser(body)) {
      if (p.nextToken() != JsonToken.START_ARRAY) {
        return broken("not a JSON array");
      }
      JsonToken t;
      while ((t = p.nextToken()) == JsonToken.START_OBJECT) {
        Rule rule = rule(p, notes);
        if (rule != null) {
          rules.add(rule);
        }
      }
      if (t != JsonToken.END_ARRAY) {
        return broken("an entry that is not a rule object");
      }
    } catch (IOException e) { // broken JSON (Jackson's JsonParseException) or a cut file
      return broken(e.getMessage() == null ? e.toString() : firstLine(e));
    }
    return rules.isEmpty() && notes.isEmpty() ? NONE : new TdmRep(rules, notes);
  }

  /** Whether {@code body} starts, after white space and a UTF-8 byte order mark, with '<'. */
  private static boolean isMarkup(byte[] body) {
    int i = body.length >= 3 && body[0] == (byte) 0xEF && body[1] == (byte) 0xBB ? 3 : 0;
    while (i < body.length && Character.isWhitespace(body[i])) {
      i++;
    }
    return i < body.length && body[i] == '<';
  }

  private static String firstLine(IOException e) {
    String m = e.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  private static TdmRep broken(String why) {
    return new TdmRep(List.of(), List.of(new UsagePreferences.Noted(UsageNote.BROKEN_TDMREP, why)));
  }

  /** One rule object; null (with a note) when its location or reservation is missing or bad. */
  private static Rule rule(JsonParser p, List<UsagePreferences.Noted> notes) throws IOException {
    String location = null;
    String reservation = null;
    String policy = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case LOCATION:
          location = value == JsonToken.VALUE_STRING ? p.getText() : null;
          break;
        case RESERVATION:
          reservation = value.isScalarValue() ? p.getText().trim() : null;
          break;
        case POLICY:
          policy = value == JsonToken.VALUE_STRING ? p.getText().trim() : null;
          break;
        default:
          notes.add(
              new UsagePreferences.Noted(UsageNote.UNKNOWN_SIGNAL_KEY, "tdmrep.json " + name));
      }
      p.skipChildren();
    }
    if (location == null
        || !location.startsWith("/")
        || !(("0").equals(reservation) || ("1").equals(reservation))) {
      notes.add(
          new UsagePreferences.Noted(
              UsageNote.MALFORMED_SIGNAL,
              "tdmrep.json rule location=" + location + " tdm-reservation=" + reservation));
      return null;
    }
    return new Rule(location, pattern(location), reservation, policy);
  }

  /** A location as a regex: literal text, {@code *} any characters, a final {@code $} the end. */
  static Pattern pattern(String location) {
    boolean anchored = location.endsWith("$");
    String body = anchored ? location.substring(0, location.length() - 1) : location;
    StringBuilder regex = new StringBuilder();
    for (String literal : body.split("\\*", -1)) {
      if (regex.length() > 0) {
        regex.append(".*");
      }
      regex.append(Pattern.quote(literal));
    }
    return Pattern.compile(regex + (anchored ? "" : ".*"), Pattern.DOTALL);
  }

  /**
   * What applies to {@code path} (a URL's path and query), as the fetcher hands it to parse in the
   * content metadata: "rule\t&lt;reservation&gt;\t&lt;policy&gt;" for the first matching rule, then
   * one "&lt;NOTE&gt;\t&lt;detail&gt;" line per note about the file; empty when nothing applies.
   */
  public String forPath(String path) {
    StringBuilder out = new StringBuilder();
    for (Rule r : rules) {
      if (r.pattern().matcher(path).matches()) {
        out.append(RULE)
            .append('\t')
            .append(r.reservation())
            .append('\t')
            .append(r.policy() == null ? "" : oneLine(r.policy()))
            .append('\n');
        break;
      }
    }
    for (UsagePreferences.Noted n : notes) {
      out.append(n.note().name()).append('\t').append(oneLine(n.detail())).append('\n');
    }
    return out.toString();
  }

  private static String oneLine(String s) {
    return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }

  /** {@link #forPath}'s text read back: the reservation and policy (or nulls), and the notes. */
  public record Applied(String reservation, String policy, List<UsagePreferences.Noted> notes) {}

  public static Applied parse(String text) {
    String reservation = null;
    String policy = null;
    List<UsagePreferences.Noted> notes = new ArrayList<>();
    for (String row : text.split("\n")) {
      String[] parts = row.split("\t", 3);
      if (parts[0].equals(RULE) && parts.length == 3) {
        reservation = parts[1];
        policy = parts[2].isEmpty() ? null : parts[2];
      } else if (parts.length == 2) {
        try {
          notes.add(new UsagePreferences.Noted(UsageNote.valueOf(parts[0]), parts[1]));
        } catch (IllegalArgumentException e) {
          // a note this build does not know: nothing to count
        }
      }
    }
    return new Applied(reservation, policy, notes);
  }
}
