package org.trawler.jobs.hadoopinternals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.Job;

/**
 * Submits a local job so that LocalJobRunner reads the job's configuration from its job.xml alone.
 * On submission LocalJobRunner parses the job's configuration twice ({@code new JobConf(job.xml)},
 * then again from the copy it writes), and each time Hadoop's {@code Configuration} first re-reads
 * every registered default resource (core-, mapred-, yarn-, hdfs-default.xml and their site files:
 * about 400 kB of XML, and a look-up through the whole class path for each absent site file),
 * although job.xml already holds every property they set, with its source: the client wrote it from
 * a configuration that had read them. That was most of a small local job's time
 * (docs/BENCHMARKS.md, "Fixed cost of a round"; issue 43).
 *
 * <p>How: for the submission only, the thread's context class loader (where a new Configuration
 * looks its default resources up) answers an empty configuration for Hadoop's default and site
 * resources asked for by the two configurations LocalJobRunner's job reads from job.xml (a call its
 * constructor makes on a JobConf); everything else, such as the fresh configurations Hadoop makes
 * inside those calls for the local file system, and every other thread (the job's and its tasks',
 * which inherit the loader), gets what the class path has. LocalJobRunner itself runs as it is.
 */
public final class JobXmlOnly extends ClassLoader {
  /** Hadoop's default resources and site files, by their naming convention. */
  private static final Pattern HADOOP_RESOURCE =
      Pattern.compile("(core|mapred|yarn|hdfs|hdfs-rbf)-(default|site)\\.xml");

  private static final String LOCAL_RUNNER_JOB = LocalJobRunner.class.getName() + "$Job";
  private static final String JOB_CONF = JobConf.class.getName();
  private static final String CONFIGURATION = Configuration.class.getName();
  private static final String CONSTRUCTOR = "<init>";
  private static final byte[] EMPTY = "<configuration/>".getBytes(StandardCharsets.UTF_8);
  private static final StackWalker STACK = StackWalker.getInstance();

  private final URL empty;

  JobXmlOnly(ClassLoader parent) {
    super(parent);
    try {
      empty = new URL(null, "trawler-empty:hadoop-defaults.xml", new EmptyResource());
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Submits {@code job} (not waiting for it) with LocalJobRunner reading job.xml alone. */
  public static void submit(Job job)
      throws IOException, InterruptedException, ClassNotFoundException {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(
        new JobXmlOnly(before != null ? before : JobXmlOnly.class.getClassLoader()));
    try {
      job.submit();
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  @Override
  public URL getResource(String name) {
    return skipped(name) ? empty : super.getResource(name);
  }

  /**
   * Whether a look-up of {@code name} is for a Hadoop default or site resource made by a call of
   * LocalJobRunner's job constructor on a JobConf: one read from job.xml.
   */
  boolean skipped(String name) {
    return HADOOP_RESOURCE.matcher(name).matches() && STACK.walk(JobXmlOnly::byLocalRunnerJob);
  }

  /** Whether the frame right above LocalJobRunner's job constructor is a JobConf's. */
  private static boolean byLocalRunnerJob(Stream<StackWalker.StackFrame> frames) {
    String callee = null;
    for (StackWalker.StackFrame f : (Iterable<StackWalker.StackFrame>) frames::iterator) {
      if (f.getClassName().equals(LOCAL_RUNNER_JOB) && f.getMethodName().equals(CONSTRUCTOR)) {
        return JOB_CONF.equals(callee) || CONFIGURATION.equals(callee);
      }
      callee = f.getClassName();
    }
    return false;
  }

  /** Serves the empty configuration. */
  private static final class EmptyResource extends URLStreamHandler {
    @Override
    protected URLConnection openConnection(URL u) {
      return new URLConnection(u) {
        @Override
        public void connect() {}

        @Override
        public InputStream getInputStream() {
          return new ByteArrayInputStream(EMPTY);
        }
      };
    }
  }
}
