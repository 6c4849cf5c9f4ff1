package org.trawler.core.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;

/**
 * The date of a robots {@code unavailable_after} directive, in the forms Google's robots meta tag
 * documentation accepts: ISO 8601 ("2030-07-01", "2030-07-01T10:00:00+02:00"; UTC without an
 * offset), RFC 850 ("Monday, 01-Jul-30 10:00:00 GMT", also without the weekday, as Google's old
 * example) and RFC 822 / 1123 ("Mon, 01 Jul 2030 10:00:00 GMT", also with a zone name: "1 Jul 2030
 * 10:00:00 PST"). A date without a time means its start, UTC.
 */
public final class UnavailableAfter {
  /** RFC 850: two-digit years are 1970-2069, as HTTP dates read them. */
  private static final DateTimeFormatter RFC_850 =
      new DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .optionalStart()
          .appendPattern("EEEE, ")
          .optionalEnd()
          .appendPattern("dd-MMM-")
          .appendValueReduced(ChronoField.YEAR, 2, 4, 1970)
          .appendPattern(" HH:mm:ss z")
          .toFormatter(Locale.ENGLISH);

  /** Google's own example's form: "25 Jun 2010 15:00:00 PST", a zone name, a weekday or not. */
  private static final DateTimeFormatter DAY_MONTH_YEAR =
      new DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .appendPattern("[EEEE, ][EEE, ]d MMM yyyy HH:mm:ss z")
          .toFormatter(Locale.ENGLISH);

  private static final List<DateTimeFormatter> ZONED =
      List.of(DateTimeFormatter.RFC_1123_DATE_TIME, RFC_850, DAY_MONTH_YEAR);

  private UnavailableAfter() {}

  /** The instant {@code raw} names, or null when it is none of the forms. */
  public static Instant parse(String raw) {
    String v = raw.trim();
    try {
      if (v.length() == 10) {
        return LocalDate.parse(v).atStartOfDay(ZoneOffset.UTC).toInstant();
      }
      return OffsetDateTime.parse(v).toInstant();
    } catch (DateTimeParseException e) {
      // not ISO 8601 with an offset: without one (UTC), or an HTTP-style date
    }
    try {
      return LocalDateTime.parse(v).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      // an HTTP-style date
    }
    for (DateTimeFormatter f : ZONED) {
      try {
        return ZonedDateTime.parse(v, f).toInstant();
      } catch (DateTimeParseException e) {
        // the next form
      }
    }
    return null;
  }

  /** Whether the recorded value (an ISO instant) lies before {@code nowMillis}. */
  public static boolean isPast(String recorded, long nowMillis) {
    try {
      return recorded != null && Instant.parse(recorded).toEpochMilli() < nowMillis;
    } catch (DateTimeParseException e) {
      return false; // not ours: a value we did not record
    }
  }
}
