package org.trawler.simweb.cluster;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.trawler.jobs.CrawlJob;
import org.trawler.simweb.TrawlerCommand;

/**
 * A stand-in for Hadoop's {@code hadoop} command, enough for {@code hadoop jar}: like the real
 * script it runs {@code org.apache.hadoop.util.RunJar} in a new JVM with $HADOOP_CONF_DIR, Hadoop's
 * jars and $HADOOP_CLASSPATH on the classpath. Hadoop's jars are this JVM's classpath without the
 * job jar, class directories and whatever else the caller ships itself. Runs {@code hadoop jar}
 * directly, or bin/crawl with the stand-in on the PATH.
 */
public final class HadoopCommand {
  /** The output (stdout and stderr) and exit code of one run. */
  public record Result(int exitCode, String output) {}

  private static final long TIMEOUT_SECONDS = 600;

  private final File dir;
  private final File jobJar;

  private HadoopCommand(File dir, File jobJar) {
    this.dir = dir;
    this.jobJar = jobJar;
  }

  /** Writes {@code dir/hadoop} for the job jar this JVM loads the crawler from. */
  static HadoopCommand install(File dir) throws IOException {
    File jobJar = jobJar();
    return install(dir, jobJar, hadoopJars(f -> f.getAbsoluteFile().equals(jobJar)));
  }

  /**
   * This JVM's classpath without class directories and the jars {@code shipped} names (the job jar,
   * and what -libjars sends): what a cluster's own {@code hadoop classpath} would hold here.
   */
  public static List<String> hadoopJars(Predicate<File> shipped) {
    List<String> classpath = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      File f = new File(entry);
      if (!f.isDirectory() && !shipped.test(f.getAbsoluteFile())) {
        classpath.add(entry);
      }
    }
    return classpath;
  }

  /** Writes {@code dir/hadoop}, whose {@code hadoop jar} runs with {@code hadoopJars}. */
  public static HadoopCommand install(File dir, File jobJar, List<String> hadoopJars)
      throws IOException {
    dir.mkdirs();
    List<String> jvm = new ArrayList<>();
    // The hadoop script's Java 17 options, as this JVM got them from surefire.
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (option.startsWith("--add-opens")) {
        jvm.add(option);
      }
    }
    jvm.add("-Xmx512m");
    jvm.add("-XX:TieredStopAtLevel=1");
    String script =
        "#!/usr/bin/env bash\n"
            + "# Test stand-in for Hadoop's hadoop command: only 'hadoop jar <jar> [args]'.\n"
            + "if [ \"${1:-}\" != jar ]; then echo \"test hadoop: only 'hadoop jar' is supported\" >&2; exit 1; fi\n"
            + "shift\n"
            + "exec '"
            + new File(System.getProperty("java.home"), "bin/java")
            + "' "
            + String.join(" ", jvm)
            + " ${HADOOP_CLIENT_OPTS:-} -cp \"${HADOOP_CONF_DIR:+$HADOOP_CONF_DIR:}"
            + String.join(File.pathSeparator, hadoopJars)
            + "${HADOOP_CLASSPATH:+:$HADOOP_CLASSPATH}\" org.apache.hadoop.util.RunJar \"$@\"\n";
    File hadoop = new File(dir, "hadoop");
    Files.writeString(hadoop.toPath(), script, StandardCharsets.UTF_8);
    if (!hadoop.setExecutable(true)) {
      throw new IOException("cannot make " + hadoop + " executable");
    }
    return new HadoopCommand(dir, jobJar);
  }

  /**
   * The job jar this JVM loads the crawler from (the cluster tests run against it, not
   * target/classes).
   */
  static File jobJar() {
    try {
      File jar =
          new File(CrawlJob.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (!jar.isFile() || !jar.getName().endsWith("-job.jar")) {
        throw new IllegalStateException(
            "the crawler classes come from "
                + jar
                + ", not the job jar: run the "
                + "cluster tests with mvn verify (they run after package, against the job jar)");
      }
      return jar;
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * {@code hadoop jar <job jar> args...} with {@code confDir} as HADOOP_CONF_DIR (none when null).
   */
  Result hadoopJar(File confDir, String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of(new File(dir, "hadoop").getPath(), "jar", jobJar.getPath()));
    command.addAll(List.of(args));
    return run(command, confDir, false);
  }

  /**
   * {@code bin/crawl args...} with this stand-in on the PATH and {@code confDir} as
   * HADOOP_CONF_DIR.
   */
  public Result crawlScript(File confDir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", crawlScript().getPath()));
    command.addAll(List.of(args));
    return run(command, confDir, true);
  }

  /** bin/crawl of this checkout (the tests run in a module directory). */
  static File crawlScript() {
    return new File("../bin/crawl").getAbsoluteFile();
  }

  private Result run(List<String> command, File confDir, boolean onPath)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    Map<String, String> env = pb.environment();
    env.remove("HADOOP_CONF_DIR");
    env.remove("HADOOP_CLASSPATH");
    env.remove("HADOOP_HOME");
    env.put(TrawlerCommand.NO_BUILD, "1");
    if (confDir != null) {
      env.put("HADOOP_CONF_DIR", confDir.getAbsolutePath());
    }
    if (onPath) {
      env.put(
          "PATH",
          dir.getAbsolutePath() + File.pathSeparator + env.getOrDefault("PATH", "/usr/bin:/bin"));
    }
    return exec(pb, String.join(" ", command.subList(1, command.size())));
  }

  /** Runs a prepared process to its end (bounded), with its output. */
  static Result exec(ProcessBuilder pb, String what) throws IOException, InterruptedException {
    File out = File.createTempFile("hadoop-command", ".out");
    try {
      Process p = pb.redirectErrorStream(true).redirectOutput(out).start();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(what + " did not finish in " + TIMEOUT_SECONDS + " s");
      }
      return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out.toPath());
    }
  }
}
