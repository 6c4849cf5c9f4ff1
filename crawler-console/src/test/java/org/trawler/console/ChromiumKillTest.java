package org.trawler.console;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

/**
 * The browser's owner stops it when the JVM that started it is killed (SIGTERM, as Ctrl-C or a
 * build's timeout sends): neither chromedriver nor Chromium is left behind.
 */
public class ChromiumKillTest {
  @Test
  public void killedJvmLeavesNoBrowserBehind() throws Exception {
    String java = new File(System.getProperty("java.home"), "bin/java").getPath();
    Process probe =
        new ProcessBuilder(
                java, "-cp", System.getProperty("java.class.path"), ChromiumProbe.class.getName())
            .redirectErrorStream(true)
            .start();
    String profile = null;
    String driver = null;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(probe.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((profile == null || driver == null) && (line = out.readLine()) != null) {
        if (line.startsWith("profile ")) {
          profile = line.substring("profile ".length());
        } else if (line.startsWith("driver ")) {
          driver = line.substring("driver ".length());
        }
      }
      assertNotNull("the probe did not start the browser", driver);
      assertFalse("no browser runs with " + profile, processesWith(profile).isEmpty());
      assertFalse("no driver runs with " + driver, processesWith(driver).isEmpty());

      probe.destroy(); // SIGTERM
      assertTrue(probe.waitFor(60, TimeUnit.SECONDS));
    } finally {
      probe.destroyForcibly();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline
        && !(processesWith(profile).isEmpty() && processesWith(driver).isEmpty())) {
      Thread.sleep(200);
    }
    assertTrue("left behind: " + processesWith(profile), processesWith(profile).isEmpty());
    assertTrue("left behind: " + processesWith(driver), processesWith(driver).isEmpty());
  }

  /** The ids of the processes whose command line holds {@code text}. */
  private static List<String> processesWith(String text) throws IOException {
    List<String> ids = new ArrayList<>();
    File[] procs = new File("/proc").listFiles((d, n) -> n.matches("\\d+"));
    if (procs == null) {
      return ids;
    }
    for (File p : procs) {
      try {
        String cmd =
            new String(Files.readAllBytes(new File(p, "cmdline").toPath()), StandardCharsets.UTF_8)
                .replace('\0', ' ');
        String state = Files.readString(new File(p, "stat").toPath());
        // a zombie has exited: its parent has not collected it yet
        if (cmd.contains(text) && !state.contains(") Z ")) {
          ids.add(p.getName());
        }
      } catch (IOException e) {
        // the process ended while we looked
      }
    }
    return ids;
  }
}
