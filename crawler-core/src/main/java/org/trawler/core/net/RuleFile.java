package org.trawler.core.net;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;

/**
 * The rule file a configuration key names: looked up on the classpath first (conf/ is packaged into
 * the jars, so every task finds the shipped files), then as a local file path. An empty value means
 * "no rules". Read as UTF-8; lines starting with {@code #} are comments.
 */
public final class RuleFile {
  /** One rule line: its 1-based number in the file and its trimmed text. */
  public record Line(int number, String text) {}

  private final String key;
  private final String name;
  private final URL location;

  private RuleFile(String key, String name, URL location) {
    this.key = key;
    this.name = name;
    this.location = location;
  }

  /** The file named by {@code key}; throws a BadSettingException when it cannot be found. */
  public static RuleFile of(Configuration conf, String key) {
    String name = conf.getTrimmed(key, "");
    if (name.isEmpty()) {
      return new RuleFile(key, "", null);
    }
    URL location = conf.getResource(name);
    if (location == null) {
      File file = new File(name);
      if (!file.isFile()) {
        throw new BadSettingException(
            key, "rule file " + name + " is neither on the classpath nor a readable file");
      }
      try {
        location = file.toURI().toURL();
      } catch (MalformedURLException e) {
        throw new BadSettingException(key, "bad rule file path " + name, e);
      }
    }
    return new RuleFile(key, name, location);
  }

  /** True when the key names no file at all. */
  public boolean isUnset() {
    return location == null;
  }

  /** The raw bytes; empty when the key is unset. */
  public InputStream open() throws IOException {
    return location == null ? new ByteArrayInputStream(new byte[0]) : location.openStream();
  }

  /** The non-blank, non-comment lines, trimmed. */
  public List<Line> lines() {
    if (location == null) {
      return Collections.emptyList();
    }
    List<Line> lines = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(open(), StandardCharsets.UTF_8))) {
      int number = 0;
      for (String text = in.readLine(); text != null; text = in.readLine()) {
        number++;
        String trimmed = text.strip();
        if (!trimmed.isEmpty() && trimmed.charAt(0) != '#') {
          lines.add(new Line(number, trimmed));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(key + ": cannot read rule file " + name, e);
    }
    return lines;
  }

  /** An error naming the key, the file and the line, for a rule the user must fix. */
  public BadSettingException error(int lineNumber, String problem) {
    return new BadSettingException(
        key, name + (lineNumber > 0 ? " line " + lineNumber : "") + ": " + problem);
  }

  @Override
  public String toString() {
    return location == null ? key + " (unset)" : name + " (" + location + ")";
  }
}
