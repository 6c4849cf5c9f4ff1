package org.trawler.core.usage;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Content-Signal and Content-Usage lines of a robots.txt that apply to our agents:
 * crawler-commons 1.4 (our robots.txt parser) skips both, so this reads them from the same body,
 * once per site and task. As RFC 9309 picks rules, the groups naming one of our agents win over the
 * {@code *} group; lines before any User-agent count as the {@code *} group. A Content-Usage line
 * may start with a path (draft-ietf-aipref-attach): it then applies under that path only, the
 * longest matching path winning.
 */
public final class RobotsTxtSignals {
  /** No lines: robots.txt missing, unreachable, or silent about usage. */
  public static final RobotsTxtSignals NONE = new RobotsTxtSignals("", List.of());

  private static final String CONTENT_SIGNAL = "content-signal";
  private static final String CONTENT_USAGE = "content-usage";

  /** One line of the chosen group: its directive, the path it is limited to ("" = all), value. */
  record Line(String directive, String path, String value) {}

  /** The group the lines came from: one of our agents' names, or "*". */
  private final String group;

  private final List<Line> lines;

  private RobotsTxtSignals(String group, List<Line> lines) {
    this.group = group;
    this.lines = lines;
  }

  /** Reads the lines of {@code body} (a robots.txt file) for {@code agents} (lower case). */
  public static RobotsTxtSignals read(byte[] body, List<String> agents) {
    List<Line> ours = new ArrayList<>();
    List<Line> any = new ArrayList<>();
    String ourAgent = null;
    boolean inOurs = false;
    boolean inAny = true; // lines before the first group
    boolean agentLines = false; // the previous line was a User-agent line
    for (String raw : new String(body, StandardCharsets.UTF_8).split("\r\n|\r|\n")) {
      int hash = raw.indexOf('#');
      String line = (hash < 0 ? raw : raw.substring(0, hash)).trim();
      int colon = line.indexOf(':');
      if (colon <= 0) {
        continue;
      }
      String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
      String value = line.substring(colon + 1).trim();
      if (name.equals("user-agent")) {
        if (!agentLines) {
          inOurs = false;
          inAny = false;
        }
        agentLines = true;
        String agent = value.toLowerCase(Locale.ROOT);
        if (agents.contains(agent)) {
          inOurs = true;
          ourAgent = ourAgent == null ? agent : ourAgent;
        } else if (agent.equals("*")) {
          inAny = true;
        }
        continue;
      }
      agentLines = false;
      if (!name.equals(CONTENT_SIGNAL) && !name.equals(CONTENT_USAGE)) {
        continue;
      }
      Line l = line(name, value);
      if (inOurs) {
        ours.add(l);
      }
      if (inAny) {
        any.add(l);
      }
    }
    if (ourAgent != null) {
      return new RobotsTxtSignals(ourAgent, ours);
    }
    return any.isEmpty() ? NONE : new RobotsTxtSignals("*", any);
  }

  private static Line line(String directive, String value) {
    if (directive.equals(CONTENT_USAGE) && value.startsWith("/")) {
      int space = value.indexOf(' ');
      return space < 0
          ? new Line(directive, value, "")
          : new Line(directive, value.substring(0, space), value.substring(space + 1).trim());
    }
    return new Line(directive, "", value);
  }

  /**
   * The lines that apply to {@code path} (of a URL), as the fetcher hands them to parse in the
   * content metadata: "group\tdirective\tvalue" per line; empty when none.
   */
  public String forPath(String path) {
    StringBuilder out = new StringBuilder();
    Line usage = null;
    for (Line l : lines) {
      if (l.directive().equals(CONTENT_SIGNAL)) {
        append(out, l);
      } else if (path.startsWith(l.path())
          && (usage == null || l.path().length() >= usage.path().length())) {
        usage = l;
      }
    }
    if (usage != null) {
      append(out, usage);
    }
    return out.toString();
  }

  private void append(StringBuilder out, Line l) {
    out.append(group)
        .append('\t')
        .append(l.directive())
        .append('\t')
        .append(l.value())
        .append('\n');
  }

  /** One line of {@link #forPath}'s text. */
  public record Applied(UsageSource source, String group, String directive, String value) {}

  /** The lines {@link #forPath} wrote. */
  public static List<Applied> parse(String text) {
    List<Applied> applied = new ArrayList<>();
    for (String row : text.split("\n")) {
      String[] parts = row.split("\t", 3);
      if (parts.length == 3) {
        UsageSource source =
            parts[0].equals("*") ? UsageSource.ROBOTS_TXT_ANY : UsageSource.ROBOTS_TXT_AGENT;
        applied.add(new Applied(source, parts[0], parts[1], parts[2]));
      }
    }
    return applied;
  }
}
