package org.trawler.jobs.crawl;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.parse.SimHash;
import org.trawler.core.protocol.Reason;
import org.trawler.jobs.dedup.DedupKeys;
import org.trawler.jobs.hostdb.Soft404;
import org.trawler.jobs.parse.ParseJobKeys;

/**
 * What the host database says of a checked page's host, as {@code check -hostdb} prints it: a
 * backoff in force (host_backoff: the crawl leaves the host out until it ends), and whether the
 * page is the host's answer for a missing page (soft_404: the crawl records it gone), judged with
 * the crawl's own fingerprints and distance.
 */
final class HostCheck {
  private static final String HOST_BACKOFF = Reason.HOST_BACKOFF.nameFor(0);
  private static final String SOFT_404 = Reason.SOFT_404.nameFor(0);

  private final SimHash simHash;
  private final SimHash shortHash = new SimHash(1); // the probe's answers are often short
  private final int distance;

  HostCheck(Configuration conf) {
    simHash =
        new SimHash(
            Settings.getInt(
                conf,
                ParseJobKeys.FINGERPRINT_WORDS_MIN,
                ParseJobKeys.DEFAULT_FINGERPRINT_WORDS_MIN));
    distance = Settings.getInt(conf, DedupKeys.NEAR_DISTANCE, DedupKeys.DEFAULT_NEAR_DISTANCE);
  }

  /**
   * The reasons that apply to a page of text {@code text} (null: no page) on {@code host} at {@code
   * now}, reason name → what it means; a single "none" entry when none applies.
   */
  Map<String, String> notes(HostDatum host, String text, long now) {
    Map<String, String> notes = new LinkedHashMap<>();
    if (host.getBackoffUntil() > now) {
      notes.put(
          HOST_BACKOFF,
          "the host pushed back (429/503), backoff level "
              + host.getBackoffLevel()
              + ": the crawl leaves it out until "
              + Instant.ofEpochMilli(host.getBackoffUntil()).truncatedTo(ChronoUnit.SECONDS));
    }
    if (text != null && host.getSoft404() == HostDatum.Soft404.PAGE) {
      OptionalLong page = simHash.fingerprint(text);
      if (page.isEmpty()) {
        page = shortHash.fingerprint(text);
      }
      if (page.isPresent() && Soft404.isSoft404(page.getAsLong(), host, distance)) {
        notes.put(
            SOFT_404,
            "the page is the host's answer for a missing page (within "
                + distance
                + " bits): the crawl records it db_gone");
      }
    }
    if (notes.isEmpty()) {
      notes.put("none", "no backoff in force; not the host's missing-page answer");
    }
    return notes;
  }
}
