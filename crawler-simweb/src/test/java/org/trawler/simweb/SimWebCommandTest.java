package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.jobs.cli.Main;

/** The simweb command: seeds out, serving until stopped, usage errors. */
public class SimWebCommandTest {

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void writesTheSeedsServesThemAndStopsWhenInterrupted() throws Exception {
    Path seeds = tmp.getRoot().toPath().resolve("seeds.txt");
    AtomicInteger exit = new AtomicInteger(-1);
    Thread server =
        new Thread(
            () -> {
              try {
                exit.set(
                    ToolRunner.run(
                        new Configuration(),
                        new SimWebCommand(),
                        new String[] {
                          "--hosts",
                          "3",
                          "--pages",
                          "5",
                          "--port",
                          "0",
                          "--seeds-file",
                          seeds.toString()
                        }));
              } catch (Exception e) {
                exit.set(99);
              }
            });
    server.start();
    try {
      for (int i = 0; i < 200 && !Files.exists(seeds); i++) {
        Thread.sleep(50);
      }
      List<String> lines = Files.readAllLines(seeds);
      assertEquals(3, lines.size());
      assertTrue(lines.get(0), lines.get(0).matches("http://127\\.0\\.0\\.2:\\d+/"));
      assertTrue(lines.get(2), lines.get(2).matches("http://127\\.0\\.0\\.4:\\d+/"));
      HttpURLConnection conn =
          (HttpURLConnection) new URL(lines.get(1)).openConnection(java.net.Proxy.NO_PROXY);
      assertEquals(200, conn.getResponseCode());
      conn.disconnect();
    } finally {
      server.interrupt();
      server.join(10_000);
    }
    assertFalse(server.isAlive());
    assertEquals(0, exit.get());
  }

  @Test
  public void theWebProfileWritesItsSeedsAndTheNamesToPin() throws Exception {
    Path seeds = tmp.getRoot().toPath().resolve("web-seeds.txt");
    Path resolve = tmp.getRoot().toPath().resolve("resolve.txt");
    AtomicInteger exit = new AtomicInteger(-1);
    Thread server =
        new Thread(
            () -> {
              try {
                exit.set(
                    ToolRunner.run(
                        new Configuration(),
                        new SimWebCommand(),
                        new String[] {
                          "--profile",
                          "web",
                          "--sites",
                          "3",
                          "--pages",
                          "30",
                          "--port",
                          "0",
                          "--seeds-file",
                          seeds.toString(),
                          "--resolve-file",
                          resolve.toString()
                        }));
              } catch (Exception e) {
                exit.set(99);
              }
            });
    server.start();
    try {
      for (int i = 0; i < 200 && !Files.exists(seeds); i++) {
        Thread.sleep(50);
      }
      List<String> pins = Files.readAllLines(resolve);
      assertTrue(pins.toString(), pins.contains("www.amber-0.test 127.77.0.1"));
      assertTrue(pins.toString(), pins.contains("amber-0.test 127.77.0.1"));
      for (String pin : pins) {
        assertTrue(pin, pin.matches("[a-z0-9.-]+\\.test 127\\.77\\.0\\.\\d+"));
      }
      List<String> lines = Files.readAllLines(seeds);
      assertEquals(1, lines.size());
      assertTrue(lines.get(0), lines.get(0).matches("http://(www|blog)\\.[a-z]+-\\d\\.test:\\d+/"));
    } finally {
      server.interrupt();
      server.join(10_000);
    }
    assertFalse(server.isAlive());
    assertEquals(0, exit.get());
  }

  @Test
  public void docsPctServesDocumentsWithTheirTypes() throws Exception {
    Path seeds = tmp.getRoot().toPath().resolve("all.txt");
    Thread server =
        new Thread(
            () -> {
              try {
                ToolRunner.run(
                    new Configuration(),
                    new SimWebCommand(),
                    new String[] {
                      "--hosts",
                      "1",
                      "--pages",
                      "30",
                      "--port",
                      "0",
                      "--docs-pct",
                      "50",
                      "--seed-all",
                      "--seeds-file",
                      seeds.toString()
                    });
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    server.start();
    try {
      for (int i = 0; i < 200 && !Files.exists(seeds); i++) {
        Thread.sleep(50);
      }
      int documents = 0;
      for (String url : Files.readAllLines(seeds)) {
        if (url.matches(".*/d/\\d+\\.(pdf|docx|odt|txt|rss|atom)")) {
          documents++;
          HttpURLConnection conn =
              (HttpURLConnection) new URL(url).openConnection(java.net.Proxy.NO_PROXY);
          assertEquals(url, 200, conn.getResponseCode());
          assertFalse(url, conn.getContentType().startsWith("text/html"));
          conn.getInputStream().readAllBytes();
          conn.disconnect();
        }
      }
      assertTrue("documents served: " + documents, documents >= 5);
    } finally {
      server.interrupt();
      server.join(10_000);
    }
  }

  @Test
  public void badSettingsAreUsageErrors() throws Exception {
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(captured, true, StandardCharsets.UTF_8);
    for (String[] args :
        List.of(
            new String[] {"simweb", "--redirect-pct", "150"},
            new String[] {"simweb", "--hosts", "many"},
            new String[] {"simweb", "extra"},
            new String[] {"simweb", "--docs-pct", "101"},
            new String[] {"simweb", "--profile", "web", "--topics", "9"})) {
      assertEquals(String.join(" ", args), 2, Main.run(new Configuration(), args, System.out, err));
    }
    String out = captured.toString(StandardCharsets.UTF_8);
    assertTrue(out, out.contains("percentages must be between 0 and 100"));
    assertTrue(out, out.contains("usage: bin/crawl simweb"));
    assertTrue(out, out.contains("--topics must be from 0 to 8"));
  }
}
