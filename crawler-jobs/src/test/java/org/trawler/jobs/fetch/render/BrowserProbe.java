package org.trawler.jobs.fetch.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/**
 * A JVM that starts a browser as a fetch task does and waits to be killed: prints the browser's
 * process group and profile, by which {@link BrowserKillTest} finds its processes.
 */
public final class BrowserProbe {
  private BrowserProbe() {}

  public static void main(String[] args) throws Exception {
    BrowserProcess browser =
        BrowserProcess.start(
            RenderSettings.findBrowser(""),
            Path.of(args[0]),
            new DevTools.Listener() {
              @Override
              public void event(String method, JsonNode params, String sessionId) {}

              @Override
              public void closed() {}
            },
            1L << 20);
    System.out.println("group " + browser.group());
    System.out.println("profile " + browser.profile());
    System.out.flush();
    Thread.sleep(120_000);
    browser.close();
  }
}
