package org.trawler.jobs.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * bin/crawl's conf/ and bin/local-site ahead of the jars for resources: a user's trawler-site.xml
 * and rule files over the copies inside the jars, the stand-ins for YARN's and HDFS's defaults over
 * theirs. bin/crawl puts these directories at the end of the class path, where a class-data archive
 * accepts a directory (the JVM refuses one that holds files ahead of an archived jar), and names
 * them in {@value #PROPERTY}; {@link #install} makes this loader the thread's context class loader,
 * which Hadoop's configurations (and the threads a job starts) look resources up through. Classes
 * still load from the parent alone.
 */
final class ConfDirsFirst extends ClassLoader {
  /** The system property naming the directories, separated as a class path is. */
  static final String PROPERTY = "trawler.conf.dirs";

  private final List<Path> dirs;

  ConfDirsFirst(List<Path> dirs, ClassLoader parent) {
    super(parent);
    this.dirs = dirs.stream().map(d -> d.toAbsolutePath().normalize()).toList();
  }

  /**
   * Makes the directories {@value #PROPERTY} names come first for this thread's resources, and for
   * every thread it starts; does nothing without the property.
   */
  static void install() {
    String value = System.getProperty(PROPERTY, "");
    if (value.isEmpty()) {
      return;
    }
    List<Path> dirs = new ArrayList<>();
    for (String d : value.split(java.io.File.pathSeparator)) {
      if (!d.isEmpty()) {
        dirs.add(Path.of(d));
      }
    }
    Thread t = Thread.currentThread();
    t.setContextClassLoader(new ConfDirsFirst(dirs, t.getContextClassLoader()));
  }

  @Override
  public URL getResource(String name) {
    List<URL> inDirs = inDirs(name);
    return inDirs.isEmpty() ? super.getResource(name) : inDirs.get(0);
  }

  @Override
  public Enumeration<URL> getResources(String name) throws IOException {
    List<URL> all = new ArrayList<>(inDirs(name));
    all.addAll(Collections.list(super.getResources(name)));
    return Collections.enumeration(all);
  }

  /** The files {@code name} in the directories, in their order. */
  private List<URL> inDirs(String name) {
    List<URL> found = new ArrayList<>();
    for (Path dir : dirs) {
      URL url = inDir(dir, name);
      if (url != null) {
        found.add(url);
      }
    }
    return found;
  }

  /** The file {@code name} in {@code dir}, or null; never a path outside it. */
  private static URL inDir(Path dir, String name) {
    Path file = dir.resolve(name).normalize();
    if (!file.startsWith(dir) || !Files.isRegularFile(file)) {
      return null;
    }
    try {
      return file.toUri().toURL();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
