package org.trawler.jobs.fetch.render;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.Test;

/**
 * Chromium's command line: headless, no GPU, its own profile, a proxy that does not exist, DevTools
 * over a pipe; the sandbox is turned off only for root, which Chromium's sandbox refuses.
 */
public class BrowserFlagsTest {
  private static final Path PROFILE = Path.of("/tmp/trawler-chromium-test");

  @Test
  public void theSandboxIsOffOnlyForRoot() {
    assertTrue(BrowserProcess.flags(PROFILE, true).contains("--no-sandbox"));
    assertFalse(BrowserProcess.flags(PROFILE, false).contains("--no-sandbox"));
  }

  @Test
  public void headlessWithoutGpuInItsOwnProfileBehindNoProxy() {
    for (boolean root : new boolean[] {true, false}) {
      List<String> flags = BrowserProcess.flags(PROFILE, root);
      assertEquals("--headless", flags.get(0));
      assertTrue(flags.contains("--disable-gpu"));
      assertTrue(flags.contains("--user-data-dir=" + PROFILE));
      assertTrue(flags.contains("--proxy-server=127.0.0.1:9"));
      assertEquals("about:blank", flags.get(flags.size() - 1));
    }
  }

  @Test
  public void devToolsGoesOverAPipeNeverAPort() {
    List<String> flags = BrowserProcess.flags(PROFILE, true);
    assertTrue(flags.contains("--remote-debugging-pipe"));
    assertTrue(
        flags.toString(),
        flags.stream()
            .noneMatch(
                f ->
                    f.startsWith("--remote-debugging-port")
                        || f.startsWith("--remote-allow-origins")));
  }

  @Test
  public void rootIsUidZero() {
    assertEquals("root".equals(System.getProperty("user.name")), BrowserProcess.runsAsRoot());
  }
}
