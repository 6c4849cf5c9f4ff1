package org.trawler.jobs.fetch.render;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The browser speaks DevTools over a pipe and listens nowhere: no process of its group (the
 * browser, its zygote, renderers, network service, the watchdog) owns a listening TCP socket, so no
 * other user of the node can drive it.
 */
public class BrowserPipeTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static final DevTools.Listener NONE =
      new DevTools.Listener() {
        @Override
        public void event(String method, JsonNode params, String sessionId) {}

        @Override
        public void closed() {}
      };

  @Test
  public void theBrowserAnswersOnItsPipeAndOwnsNoListeningSocket() throws Exception {
    try (BrowserProcess browser =
        BrowserProcess.start(
            RenderSettings.findBrowser(""), tmp.getRoot().toPath(), NONE, 1L << 20)) {
      JsonNode version =
          browser
              .devTools()
              .call(
                  null,
                  "Browser.getVersion",
                  null,
                  System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
      assertTrue(version.toString(), version.path("product").asText().contains("Chrome"));
      List<Long> group = inGroup(browser.group());
      assertTrue("the watchdog and the browser's processes: " + group, group.size() >= 2);
      for (long pid : group) {
        assertEquals("process " + pid + " listens", Set.of(), listening(pid));
      }
      assertFalse(Files.exists(browser.profile().resolve("DevToolsActivePort")));
    }
  }

  /** The check itself: it finds a socket this JVM listens on. */
  @Test
  public void theCheckSeesAListeningSocket() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      assertEquals(1, listening(ProcessHandle.current().pid()).size());
    }
  }

  /**
   * The inodes of the TCP sockets (v4 and v6) process {@code pid} has open in state LISTEN: its fds
   * that are sockets, matched against its network namespace's tables.
   */
  private static Set<String> listening(long pid) throws IOException {
    Set<String> open = new HashSet<>();
    File[] fds = new File("/proc/" + pid + "/fd").listFiles();
    if (fds == null && new File("/proc/" + pid).exists()) {
      throw new IOException("cannot read the fds of process " + pid);
    } else if (fds == null) {
      return Set.of(); // it ended while we looked
    }
    for (File fd : fds) {
      try {
        String link = Files.readSymbolicLink(fd.toPath()).toString();
        if (link.startsWith("socket:[")) {
          open.add(link.substring("socket:[".length(), link.length() - 1));
        }
      } catch (IOException e) {
        // closed while we looked
      }
    }
    Set<String> found = new HashSet<>();
    for (String table : List.of("tcp", "tcp6")) {
      Path file = Path.of("/proc", Long.toString(pid), "net", table);
      List<String> lines;
      try {
        lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
      } catch (java.nio.file.NoSuchFileException e) {
        return Set.of(); // it ended while we looked (a helper the browser started and stopped)
      }
      for (String line : lines.subList(1, lines.size())) {
        // sl local rem st tx:rx tr:when retrnsmt uid timeout inode
        String[] f = line.trim().split("\\s+");
        if (f[3].equals("0A") && open.contains(f[9])) {
          found.add(table + " " + f[1] + " inode " + f[9]);
        }
      }
    }
    return found;
  }

  /** Live processes of process group {@code group}. */
  private static List<Long> inGroup(long group) throws IOException {
    List<Long> ids = new ArrayList<>();
    File[] procs = new File("/proc").listFiles((d, n) -> n.matches("\\d+"));
    for (File p : procs == null ? new File[0] : procs) {
      String stat;
      try {
        stat = Files.readString(new File(p, "stat").toPath());
      } catch (IOException e) {
        continue; // ended while we looked
      }
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      if (!f[0].equals("Z") && f[2].equals(Long.toString(group))) {
        ids.add(Long.parseLong(p.getName()));
      }
    }
    return ids;
  }
}
