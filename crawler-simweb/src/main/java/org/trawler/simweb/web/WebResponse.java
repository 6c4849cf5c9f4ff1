package org.trawler.simweb.web;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/** An answer of the broad web: status, headers and body. */
public record WebResponse(int status, Map<String, String> headers, byte[] body) {
  static final String HTML = "text/html; charset=utf-8";

  static WebResponse html(int status, String html) {
    return new WebResponse(
        status, Map.of("Content-Type", HTML), html.getBytes(StandardCharsets.UTF_8));
  }

  static WebResponse text(String text) {
    return new WebResponse(
        200,
        Map.of("Content-Type", "text/plain; charset=utf-8"),
        text.getBytes(StandardCharsets.UTF_8));
  }

  static WebResponse empty(int status, Map<String, String> headers) {
    return new WebResponse(status, headers, new byte[0]);
  }

  public String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }
}
