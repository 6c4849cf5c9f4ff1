package org.trawler.simweb;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a Trawler command as a user does: {@code bin/crawl --local <command>} of this checkout, in a
 * process of its own, so with bin/crawl's exact classpath (conf/, the modules' jars, Hadoop's own
 * library versions). For the end-to-end tests that run after {@code package}: the integration-test
 * executions set {@value #HOME}; a test run in any other phase fails at once, saying so.
 */
public final class TrawlerCommand {
  /** What a command printed and its exit code. */
  public record Result(int exitCode, String out, String err) {}

  /** System property: the checkout whose bin/crawl runs the commands. */
  public static final String HOME = "trawler.home";

  /**
   * bin/crawl's switch to run the jars as built: the tests run inside the Maven build, where the
   * modules after theirs have no jar yet (bin/crawl would build the whole project again first).
   */
  public static final String NO_BUILD = "TRAWLER_NO_BUILD";

  private static final long TIMEOUT_MINUTES = 5;

  private final Path home;
  private final Path workDir;

  /** Commands run in {@code workDir}, where their output files go too. */
  public TrawlerCommand(Path workDir) {
    String home = System.getProperty(HOME);
    if (home == null) {
      throw new IllegalStateException(
          "system property "
              + HOME
              + " is not set: the end-to-end tests run bin/crawl with the packaged jars, in the"
              + " integration-test phase (mvn verify -Dit.test=<the IT>), not with -Dtest");
    }
    this.home = Path.of(home);
    this.workDir = workDir;
  }

  public Result run(String... args) throws Exception {
    return run(Map.of(), args);
  }

  /** Runs a command with these environment variables set too (TRAWLER_OPTS, say). */
  public Result run(Map<String, String> environment, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(List.of("bash", home.resolve("bin/crawl").toString(), "--local"));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(workDir, "out", ".txt");
    Path err = Files.createTempFile(workDir, "err", ".txt");
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    Map<String, String> env = pb.environment();
    env.remove("HADOOP_CONF_DIR");
    env.remove("TRAWLER_OPTS");
    env.put(NO_BUILD, "1");
    env.putAll(environment);
    env.put(
        "PATH",
        new File(System.getProperty("java.home"), "bin")
            + File.pathSeparator
            + env.getOrDefault("PATH", "/usr/bin:/bin"));
    Process p = pb.start();
    if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("timed out: bin/crawl " + String.join(" ", args));
    }
    return new Result(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
