package org.trawler.index.solr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;

/**
 * A filter in front of Solr that, when an update arrives, copies the XML files under a local-mode
 * job's hadoop.tmp.dir (the job.xml in its staging directory, the local runner's copy of it): a
 * running index task sends the update, so the job's configuration files exist then, while the local
 * runner deletes them when the job ends. Jetty makes the filter from its class, hence the static
 * directories, set by the one test that uses it.
 */
public final class JobFilesCopier implements Filter {
  private static volatile Path jobFiles;
  private static volatile Path copies;

  /** Copy the XML files under {@code hadoopTmpDir} into {@code into} on every update. */
  static void watch(Path hadoopTmpDir, Path into) {
    jobFiles = hadoopTmpDir;
    copies = into;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    Path from = jobFiles;
    if (from != null
        && Files.isDirectory(from)
        && ((HttpServletRequest) request).getRequestURI().endsWith("/update")) {
      copyXml(from, copies);
    }
    chain.doFilter(request, response);
  }

  private static synchronized void copyXml(Path from, Path into) throws IOException {
    Files.createDirectories(into);
    try (Stream<Path> files = Files.walk(from)) {
      files
          .filter(f -> f.getFileName().toString().endsWith(".xml") && Files.isRegularFile(f))
          .forEach(
              f -> {
                try {
                  Path copy = into.resolve(from.relativize(f).toString().replace('/', '_'));
                  Files.copy(f, copy, StandardCopyOption.REPLACE_EXISTING);
                } catch (NoSuchFileException e) {
                  // gone since the walk saw it: a task's file, not the job's
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }
}
