package org.trawler.console.page;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The scripts and the style sheet the pages use, read once from the classpath: Chart.js from its
 * WebJar, our report script and style sheet. Nothing is loaded from outside at run time.
 */
public final class Assets {
  private static final String CHART_JS =
      "META-INF/resources/webjars/chart.js/4.4.1/dist/chart.umd.js";

  public static final String REPORT_JS = read("org/trawler/console/report.js");
  public static final String CONSOLE_JS = read("org/trawler/console/console.js");
  public static final String STYLE_CSS = read("org/trawler/console/style.css");
  public static final String CHART = read(CHART_JS);

  private Assets() {}

  private static String read(String resource) {
    try (InputStream in = Assets.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing from the classpath: " + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The CSP source that allows exactly this inline script or style: 'sha256-...'. */
  public static String hashSource(String text) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return "'sha256-" + Base64.getEncoder().encodeToString(d) + "'";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
