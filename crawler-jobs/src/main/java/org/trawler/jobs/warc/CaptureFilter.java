package org.trawler.jobs.warc;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.ParseData;
import org.trawler.core.usage.SiteSignals;
import org.trawler.core.usage.UsageField;
import org.trawler.core.usage.UsageRequirement;

/**
 * Which captures the WARC export leaves out because of what their pages' owners said: noarchive
 * (when warc.honor.noarchive is on) and a refused usage export.require.usage requires. An unparsed
 * capture (no parse data) says nothing and is archived.
 */
final class CaptureFilter {
  private final boolean honorNoArchive;
  private final UsageRequirement required;

  CaptureFilter(boolean honorNoArchive, UsageRequirement required) {
    this.honorNoArchive = honorNoArchive;
    this.required = required;
  }

  static CaptureFilter fromConf(Configuration conf) {
    return new CaptureFilter(
        conf.getBoolean(WarcKeys.HONOR_NOARCHIVE, WarcKeys.DEFAULT_HONOR_NOARCHIVE),
        UsageRequirement.fromConf(conf));
  }

  /** The counter of why {@code parse}'s capture is left out, or null to archive it. */
  WarcCounter leftOut(ParseData parse) {
    if (parse == null) {
      return null;
    }
    if (honorNoArchive
        && SiteSignals.readFrom(parse.getMeta()).restricts(UsageField.ROBOTS_NOARCHIVE)) {
      return WarcCounter.URLS_NOARCHIVE;
    }
    return required.refused(parse.getMeta()) != null ? WarcCounter.URLS_USAGE_REFUSED : null;
  }
}
