package org.trawler.jobs.fetch.render;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;
import org.trawler.core.net.RuleFile;
import org.trawler.core.protocol.ProtocolKeys;

/**
 * Rendering's configuration, read once per task and checked once by the fetch command: a missing
 * browser fails the command at start, never a page.
 */
public final class RenderSettings {
  /** Debian's and Ubuntu's names of the Chromium binary, looked for on PATH in this order. */
  private static final List<String> BROWSER_NAMES = List.of("chromium", "chromium-browser");

  /**
   * The most fetcher.render.max.bytes may be: a DOM that long crosses the DevTools pipe as one JSON
   * message of up to six bytes a character (control characters escaped), within an array.
   */
  static final long MAX_MAX_BYTES = 256L << 20;

  final boolean enabled;
  final List<Pattern> rules;
  final long timeoutMillis;
  final String browser;
  final int browsers;
  final int maxPages;
  final long maxBytes;
  final boolean thirdParty;
  final Set<String> blockTypes;

  private RenderSettings(Configuration conf) {
    enabled = conf.getBoolean(ProtocolKeys.RENDER, ProtocolKeys.DEFAULT_RENDER);
    rules = enabled ? rules(RuleFile.of(conf, RenderKeys.RULES)) : List.of();
    float seconds = Settings.getFloat(conf, RenderKeys.TIMEOUT, RenderKeys.DEFAULT_TIMEOUT);
    if (!(seconds > 0)) {
      throw new BadSettingException(RenderKeys.TIMEOUT, "must be above 0 seconds, not " + seconds);
    }
    timeoutMillis = (long) (seconds * 1000);
    browsers = atLeastOne(conf, RenderKeys.BROWSERS, RenderKeys.DEFAULT_BROWSERS);
    maxPages = atLeastOne(conf, RenderKeys.MAX_PAGES, RenderKeys.DEFAULT_MAX_PAGES);
    maxBytes =
        Settings.getLong(
            conf, RenderKeys.MAX_BYTES, RenderKeys.DEFAULT_MAX_BYTES, 1, MAX_MAX_BYTES);
    thirdParty = conf.getBoolean(RenderKeys.THIRD_PARTY, RenderKeys.DEFAULT_THIRD_PARTY);
    Set<String> types = new LinkedHashSet<>();
    for (String t : conf.get(RenderKeys.BLOCK_TYPES, RenderKeys.DEFAULT_BLOCK_TYPES).split(",")) {
      if (!t.isBlank()) {
        types.add(t.strip().toLowerCase(Locale.ROOT));
      }
    }
    blockTypes = Collections.unmodifiableSet(types);
    browser = enabled ? findBrowser(conf.getTrimmed(RenderKeys.BROWSER, "")) : null;
  }

  /** Reads the settings; a bad value or a missing browser is a BadSettingException. */
  public static RenderSettings from(Configuration conf) {
    return new RenderSettings(conf);
  }

  /** Whether pages are rendered at all (fetcher.render). */
  public boolean enabled() {
    return enabled;
  }

  /**
   * The longest message the browser may send: the DOM read at its longest, JSON-escaped, and room
   * for the rest of the message; a longer one ends the connection (render_failed).
   */
  long maxMessageBytes() {
    return 6 * (maxBytes + 1) + (1L << 20);
  }

  /** Whether the page at {@code url} is to be rendered (the rules, when there are any). */
  boolean matches(String url) {
    if (rules.isEmpty()) {
      return true;
    }
    for (Pattern rule : rules) {
      if (rule.matcher(url).find()) {
        return true;
      }
    }
    return false;
  }

  private static List<Pattern> rules(RuleFile file) {
    List<Pattern> rules = new ArrayList<>();
    for (RuleFile.Line line : file.lines()) {
      try {
        rules.add(Pattern.compile(line.text()));
      } catch (PatternSyntaxException e) {
        throw file.error(line.number(), "bad regex: " + e.getDescription() + " in " + line.text());
      }
    }
    return Collections.unmodifiableList(rules);
  }

  /** The browser binary: the one named, or the first Chromium on PATH. */
  static String findBrowser(String named) {
    if (!named.isEmpty()) {
      File file = new File(named);
      if (file.isFile() && file.canExecute()) {
        return file.getAbsolutePath();
      }
      throw new BadSettingException(
          RenderKeys.BROWSER,
          named + " is not an executable file (install Chromium: apt-get install chromium)");
    }
    String path = System.getenv("PATH");
    for (String name : BROWSER_NAMES) {
      for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
        File file = new File(dir, name);
        if (!dir.isEmpty() && file.isFile() && file.canExecute()) {
          return file.getAbsolutePath();
        }
      }
    }
    throw new BadSettingException(
        RenderKeys.BROWSER,
        ProtocolKeys.RENDER
            + " needs Chromium and none is on PATH: install it (apt-get install chromium)"
            + " or name its binary here");
  }

  private static int atLeastOne(Configuration conf, String key, int defaultValue) {
    return Settings.getInt(conf, key, defaultValue, 1, Integer.MAX_VALUE);
  }
}
