package org.trawler.core.parse;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.usage.RobotsTxtSignals;
import org.trawler.core.usage.SiteSignals;
import org.trawler.core.usage.TdmRep;
import org.trawler.core.usage.UnavailableAfter;
import org.trawler.core.usage.UsageField;
import org.trawler.core.usage.UsageNote;
import org.trawler.core.usage.UsagePreferences;
import org.trawler.core.usage.UsageSource;

/**
 * Collects what a page's owner allows while the parser reads the page: the robots.txt lines and the
 * tdmrep.json rule the fetcher handed on, the response headers, then the page's {@code <meta>} tags
 * (from the jsoup tree the parser already walks). A document other than HTML has no meta tags:
 * {@link Parsers} reads its robots.txt lines and headers with the same reader. One per page; not
 * thread-safe.
 */
final class PageSignals {
  private static final Logger LOG = LoggerFactory.getLogger(PageSignals.class);

  private final SiteSignals signals = new SiteSignals();
  private RobotsDirectives headerRobots;
  private RobotsDirectives metaRobots = RobotsDirectives.NONE;

  /**
   * Reads the robots.txt lines, the tdmrep.json rule (both handed on by the fetcher) and the
   * headers of {@code content} for {@code agents}.
   */
  PageSignals(Content content, List<String> agents) {
    String lines = content.getMeta().get(Content.META_ROBOTS_SIGNALS);
    if (lines != null) {
      for (RobotsTxtSignals.Applied a : RobotsTxtSignals.parse(lines)) {
        usage(a.value(), "robots.txt:" + a.group());
      }
    }
    String tdmRep = content.getMeta().get(Content.META_TDMREP);
    if (tdmRep != null) {
      TdmRep.Applied rule = TdmRep.parse(tdmRep);
      tdm(rule.reservation(), rule.policy(), UsageSource.TDMREP);
      rule.notes().forEach(n -> signals.note(n.note(), n.detail()));
    }
    headerRobots = RobotsDirectives.NONE.withHeader(content.getHeader("X-Robots-Tag"), agents);
    String usage = content.getHeader("Content-Usage");
    if (usage != null) {
      usage(usage, UsageSource.HEADER.label());
    }
    tdm(content.getHeader("tdm-reservation"), content.getHeader("tdm-policy"), UsageSource.HEADER);
  }

  /** Reads one {@code <meta name content>}; true when it was a signal. */
  boolean meta(String name, String value, List<String> agents) {
    if (name.equals("robots") || agents.contains(name)) {
      metaRobots = metaRobots.withMeta(value);
    } else if (name.equals("tdm-reservation")) {
      tdm(value, null, UsageSource.META);
    } else if (name.equals("tdm-policy")) {
      tdm(null, value, UsageSource.META);
    } else {
      return false;
    }
    return true;
  }

  private void usage(String value, String from) {
    List<UsagePreferences.Noted> notes = new ArrayList<>();
    signals.setAll(UsagePreferences.read(value, notes), from);
    notes.forEach(n -> signals.note(n.note(), n.detail()));
  }

  private void tdm(String reservation, String policy, UsageSource from) {
    if (reservation != null) {
      switch (reservation.trim()) {
        case "1":
          signals.set(UsageField.TDM_RESERVED, UsageField.YES, from.label());
          break;
        case "0":
          signals.set(UsageField.TDM_RESERVED, UsageField.NO, from.label());
          break;
        default:
          signals.note(UsageNote.MALFORMED_SIGNAL, "tdm-reservation: " + reservation);
      }
    }
    if (policy != null && !policy.isBlank()) {
      signals.set(UsageField.TDM_POLICY, policy.trim(), from.label());
    }
  }

  /** The robots directives of headers and meta tags together (what the parser obeys). */
  RobotsDirectives robots() {
    return headerRobots.and(metaRobots);
  }

  /** The page's signals, robots directives included, with notes for the malformed ones. */
  SiteSignals finish() {
    robots(headerRobots, UsageSource.HEADER);
    robots(metaRobots, UsageSource.META);
    return signals;
  }

  /**
   * Finishes the page's signals and records them in {@code data}'s metadata; each malformed or
   * conflicting one becomes a note (a counter) and a log line with the URL.
   */
  void record(ParseData data, String pageUrl, List<ParseNote> notes) {
    SiteSignals page = finish();
    page.writeTo(data.getMeta());
    for (UsagePreferences.Noted n : page.notes()) {
      notes.add(new ParseNote(UsageNote.FILTER, n.note().counterName(), n.detail()));
      LOG.info("{}: {} {}", pageUrl, n.note().counterName(), n.detail());
    }
  }

  private void robots(RobotsDirectives d, UsageSource from) {
    flag(UsageField.ROBOTS_NOINDEX, d.noIndex(), from);
    flag(UsageField.ROBOTS_NOFOLLOW, d.noFollow(), from);
    flag(UsageField.ROBOTS_NOSNIPPET, d.noSnippet(), from);
    flag(UsageField.ROBOTS_NOARCHIVE, d.noArchive(), from);
    if (d.unavailableAfter() != null) {
      Instant after = UnavailableAfter.parse(d.unavailableAfter());
      if (after == null) {
        signals.note(UsageNote.MALFORMED_SIGNAL, "unavailable_after: " + d.unavailableAfter());
      } else {
        signals.set(UsageField.ROBOTS_UNAVAILABLE_AFTER, after.toString(), from.label());
      }
    }
    if (d.maxSnippet() != null) {
      maxSnippet(d.maxSnippet(), from);
    }
  }

  /** max-snippet: a length, 0 (no snippet: nosnippet too) or -1 (no limit). */
  private void maxSnippet(String raw, UsageSource from) {
    long n;
    try {
      n = Long.parseLong(raw.trim());
    } catch (NumberFormatException e) {
      n = -2;
    }
    if (n < -1) {
      signals.note(UsageNote.MALFORMED_SIGNAL, "max-snippet: " + raw);
      return;
    }
    signals.set(UsageField.ROBOTS_MAX_SNIPPET, Long.toString(n), from.label());
    flag(UsageField.ROBOTS_NOSNIPPET, n == 0, from);
  }

  private void flag(UsageField field, boolean on, UsageSource from) {
    if (on) {
      signals.set(field, UsageField.YES, from.label());
    }
  }
}
