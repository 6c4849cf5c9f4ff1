package org.trawler.index.opensearch;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a Trawler command as bin/crawl does in local mode, in a JVM of its own with bin/crawl's
 * classpath: conf/, crawler-jobs' jar and its libraries (Hadoop's own versions, from
 * crawler-jobs/target/classpath.txt) and this module's jar. The OpenSearch client is on it only
 * shaded, inside this module's jar.
 */
final class TrawlerCommand {
  /** What a command printed and its exit code. */
  record Result(int exitCode, String out, String err) {}

  private final Path home = Path.of(System.getProperty("trawler.home"));
  private final Path workDir;

  TrawlerCommand(Path workDir) {
    this.workDir = workDir;
  }

  String classpath() throws IOException {
    String version = System.getProperty("trawler.version");
    Path jobs = home.resolve("crawler-jobs/target");
    List<String> cp = new ArrayList<>();
    cp.add(home.resolve("conf").toString());
    cp.add(jobs.resolve("crawler-jobs-" + version + ".jar").toString());
    cp.add(System.getProperty("trawler.opensearch.jar"));
    cp.add(Files.readString(jobs.resolve("classpath.txt")).trim());
    return String.join(File.pathSeparator, cp);
  }

  Result run(String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Dtrawler.home=" + home);
    command.add("-cp");
    command.add(classpath());
    command.add("org.trawler.jobs.Main");
    command.addAll(List.of(args));
    Path out = Files.createTempFile(workDir, "out", ".txt");
    Path err = Files.createTempFile(workDir, "err", ".txt");
    Process p =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("timed out: " + String.join(" ", args));
    }
    return new Result(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
