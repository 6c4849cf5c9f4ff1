package org.trawler.jobs.fetch.render;

import static org.junit.Assert.assertEquals;
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
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A fetch task killed with SIGKILL (no shutdown hook runs) leaves no browser behind: the watchdog
 * the browser was started under sees the JVM gone and kills the browser's whole process group.
 * Closing a browser ends its processes and removes its profile.
 */
public class BrowserKillTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void killedTaskJvmLeavesNoBrowserBehind() throws Exception {
    String java = new File(System.getProperty("java.home"), "bin/java").getPath();
    Process probe =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                BrowserProbe.class.getName(),
                tmp.getRoot().getPath())
            .redirectErrorStream(true)
            .start();
    long group = -1;
    String profile = null;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(probe.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while (profile == null && (line = out.readLine()) != null) {
        if (line.startsWith("group ")) {
          group = Long.parseLong(line.substring("group ".length()));
        } else if (line.startsWith("profile ")) {
          profile = line.substring("profile ".length());
        }
      }
      assertNotNull("the probe did not start the browser", profile);
      assertTrue("no browser runs with " + profile, processesWith(profile).size() > 0);
      assertTrue("the group has the watchdog and the browser", inGroup(group).size() >= 2);
      probe.destroyForcibly(); // SIGKILL: no shutdown hook, no finally
      assertTrue(probe.waitFor(30, TimeUnit.SECONDS));
    } finally {
      probe.destroyForcibly();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline
        && !(inGroup(group).isEmpty() && processesWith(profile).isEmpty())) {
      Thread.sleep(100);
    }
    assertEquals("left behind in the group", List.of(), inGroup(group));
    assertEquals("left behind", List.of(), processesWith(profile));
  }

  @Test
  public void closingABrowserEndsItsProcessesAndRemovesItsProfile() throws Exception {
    BrowserProcess browser =
        BrowserProcess.start(
            RenderSettings.findBrowser(""),
            tmp.getRoot().toPath(),
            new DevTools.Listener() {
              @Override
              public void event(
                  String method, com.fasterxml.jackson.databind.JsonNode p, String s) {}

              @Override
              public void closed() {}
            },
            1L << 20);
    long group = browser.group();
    String profile = browser.profile().toString();
    assertFalse(inGroup(group).isEmpty());
    browser.close();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline && !inGroup(group).isEmpty()) {
      Thread.sleep(100);
    }
    assertEquals(List.of(), inGroup(group));
    assertFalse(new File(profile).exists());
  }

  /** Live (not zombie) processes of process group {@code group}. */
  private static List<String> inGroup(long group) {
    List<String> ids = new ArrayList<>();
    for (File p : procs()) {
      String stat = read(new File(p, "stat"));
      if (stat == null) {
        continue;
      }
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so count from the last ')'
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      if (!f[0].equals("Z") && f[2].equals(Long.toString(group))) {
        ids.add(p.getName());
      }
    }
    return ids;
  }

  /** Live processes whose command line holds {@code text}. */
  private static List<String> processesWith(String text) {
    List<String> ids = new ArrayList<>();
    for (File p : procs()) {
      String cmd = read(new File(p, "cmdline"));
      String stat = read(new File(p, "stat"));
      if (cmd != null && stat != null && cmd.contains(text) && !stat.contains(") Z ")) {
        ids.add(p.getName());
      }
    }
    return ids;
  }

  private static File[] procs() {
    File[] procs = new File("/proc").listFiles((d, n) -> n.matches("\\d+"));
    return procs == null ? new File[0] : procs;
  }

  private static String read(File f) {
    try {
      return new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8).replace('\0', ' ');
    } catch (IOException e) {
      return null; // the process ended while we looked
    }
  }
}
