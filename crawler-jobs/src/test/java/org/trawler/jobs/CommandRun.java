package org.trawler.jobs;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.trawler.jobs.cli.Main;

/**
 * Runs a command line through {@link Main} as a user would, capturing exit code, stdout and stderr.
 */
public final class CommandRun {
  public final int exitCode;
  public final String out;
  public final String err;

  private CommandRun(int exitCode, String out, String err) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
  }

  public static CommandRun run(Configuration conf, String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            new Configuration(conf),
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    CommandRun run =
        new CommandRun(
            code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    System.err.print(run.err);
    return run;
  }

  /** The lines printed on stderr. */
  public String[] errLines() {
    return err.isEmpty() ? new String[0] : err.split("\n");
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\nstdout:\n" + out + "\nstderr:\n" + err;
  }
}
