package org.trawler.jobs.reliability;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;

/**
 * A command run as bin/crawl runs it: org.trawler.jobs.cli.Main in a JVM of its own (the test's
 * java and classpath), local mode, with a configuration file. The test may kill it with SIGKILL.
 */
final class ChildCommand {
  private static final long TIMEOUT_SECONDS =
      180; // a bound, not a wait: a loaded machine starts JVMs slowly

  private final File confFile;
  private final File logDir;
  private int runs;

  /**
   * Writes {@code settings} as the child's configuration file (passed with -conf) under {@code
   * workDir}.
   */
  ChildCommand(File workDir, Map<String, String> settings) throws IOException {
    this.confFile = new File(workDir, "child-conf.xml");
    this.logDir = new File(workDir, "child-logs");
    logDir.mkdirs();
    Configuration conf = new Configuration(false);
    settings.forEach(conf::set);
    try (var out = Files.newOutputStream(confFile.toPath())) {
      conf.writeXml(out);
    }
  }

  /**
   * Starts {@code args} (a command line after bin/crawl) in a new JVM; its output goes to a log
   * file.
   */
  Process start(String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    command.add("-Xmx256m");
    command.add("-XX:TieredStopAtLevel=1"); // a short-lived JVM: start fast rather than optimise
    command.add("-XX:+UseSerialGC");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add("org.trawler.jobs.cli.Main");
    command.addAll(List.of(args));
    command.add("-conf");
    command.add(confFile.getPath());
    File log = new File(logDir, "run-" + (++runs) + ".log");
    return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
  }

  /** The output of the last run started. */
  String lastLog() throws IOException {
    return Files.readString(
        new File(logDir, "run-" + runs + ".log").toPath(), StandardCharsets.UTF_8);
  }

  /** Runs to the end; returns the exit code. */
  static int waitFor(Process p) throws InterruptedException {
    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("child command did not finish in " + TIMEOUT_SECONDS + " s");
    }
    return p.exitValue();
  }

  /**
   * Waits until {@code moment} holds (polled every millisecond) or the process ends, then kills it
   * with SIGKILL after {@code delayMillis}; returns true if it was killed while still running.
   */
  static boolean killWhen(Process p, BooleanSupplier moment, long delayMillis)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
    while (p.isAlive() && !moment.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        p.destroyForcibly();
        throw new AssertionError("the kill moment never came");
      }
      Thread.sleep(1);
    }
    if (delayMillis > 0) {
      Thread.sleep(delayMillis);
    }
    boolean alive = p.isAlive();
    p.destroyForcibly();
    p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    return alive && p.exitValue() != 0;
  }
}
