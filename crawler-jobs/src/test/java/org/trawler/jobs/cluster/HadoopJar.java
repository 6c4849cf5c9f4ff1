package org.trawler.jobs.cluster;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.trawler.jobs.CrawlJob;

/**
 * {@code hadoop jar <job jar> <command> ...} as the hadoop script runs it: a new JVM with Hadoop's
 * classpath (and a configuration directory, like HADOOP_CONF_DIR) running
 * {@code org.apache.hadoop.util.RunJar} on the job jar. Hadoop's jars are taken from this JVM's
 * classpath, without the job jar and the test classes.
 */
final class HadoopJar {
  /** The output and exit code of one run. */
  record Result(int exitCode, String output) {}

  private static final long TIMEOUT_SECONDS = 180;

  private HadoopJar() {}

  /** The job jar this JVM loads the crawler from (the cluster tests run against it, not target/classes). */
  static File jobJar() {
    try {
      File jar = new File(CrawlJob.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (!jar.isFile() || !jar.getName().endsWith("-job.jar")) {
        throw new IllegalStateException("the crawler classes come from " + jar + ", not the job jar: run the "
            + "cluster tests with mvn verify (they run after package, against the job jar)");
      }
      return jar;
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs {@code hadoop jar <job jar> args...} with {@code confDir} (may be null) first on the classpath. */
  static Result run(File confDir, String... args) throws IOException, InterruptedException {
    File jobJar = jobJar();
    List<String> classpath = new ArrayList<>();
    if (confDir != null) {
      classpath.add(confDir.getAbsolutePath());
    }
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      File f = new File(entry);
      if (!f.getAbsoluteFile().equals(jobJar.getAbsoluteFile()) && !f.getName().equals("test-classes")) {
        classpath.add(entry);
      }
    }
    List<String> command = new ArrayList<>();
    command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    // The hadoop script's Java 17 options, as this JVM got them from surefire.
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (option.startsWith("--add-opens")) {
        command.add(option);
      }
    }
    command.add("-Xmx512m");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-cp");
    command.add(String.join(File.pathSeparator, classpath));
    command.add("org.apache.hadoop.util.RunJar");
    command.add(jobJar.getPath());
    command.addAll(List.of(args));
    File out = File.createTempFile("hadoop-jar", ".out");
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out).start();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("hadoop jar " + String.join(" ", args) + " did not finish in " + TIMEOUT_SECONDS + " s");
      }
      return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out.toPath());
    }
  }
}
