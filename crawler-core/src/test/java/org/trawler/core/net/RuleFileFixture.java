package org.trawler.core.net;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.junit.rules.TemporaryFolder;

/** Writes a rule file into a test's temporary folder and names it in a fresh configuration. */
public final class RuleFileFixture {
  private RuleFileFixture() {}

  /** A configuration without default resources whose {@code key} names a file with these lines. */
  public static Configuration confWithRules(TemporaryFolder tmp, String key, String... lines)
      throws IOException {
    Configuration conf = new Configuration(false);
    conf.set(key, write(tmp, String.join("\n", lines) + "\n").getPath());
    return conf;
  }

  /** A configuration without default resources whose {@code key} names a shipped file in conf/. */
  public static Configuration confWithShipped(String key, String resource) {
    Configuration conf = new Configuration(false);
    conf.set(key, resource);
    return conf;
  }

  public static File write(TemporaryFolder tmp, String text) throws IOException {
    File file = tmp.newFile();
    Files.write(file.toPath(), text.getBytes(StandardCharsets.UTF_8));
    return file;
  }
}
