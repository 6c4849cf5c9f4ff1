package org.trawler.jobs.plugin;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.plugin.ExtensionPoint;
import org.trawler.core.plugin.Plugin;
import org.trawler.core.plugin.Plugins;

/**
 * The extension points are one table: every interface that extends {@link Plugin} is an {@link
 * ExtensionPoint}, and docs/architecture.md lists each of them, and only them.
 */
public class ExtensionPointTableTest {
  private static final Path ARCHITECTURE = Path.of("../docs/architecture.md");

  @Test
  public void everyPluginInterfaceIsAnExtensionPoint() throws Exception {
    TreeSet<String> table = new TreeSet<>();
    for (ExtensionPoint point : ExtensionPoint.values()) {
      Class<?> type = Class.forName(point.interfaceName());
      assertTrue(point + " is not an interface extending Plugin", pluginInterface(type));
      table.add(type.getName());
    }
    assertEquals(table, pluginInterfaces());
  }

  @Test
  public void theArchitecturePageListsEveryExtensionPoint() throws IOException {
    Map<String, String> rows = documentedPoints();
    Map<String, String> expected = new TreeMap<>();
    for (ExtensionPoint point : ExtensionPoint.values()) {
      expected.put(point.name(), point.interfaceName());
    }
    assertEquals(expected, rows);
  }

  @Test
  public void everyShortNameIsAPluginOfItsPoint() {
    Configuration conf = CrawlerConfiguration.create();
    for (ExtensionPoint point : ExtensionPoint.values()) {
      for (Map.Entry<String, String> name : Plugins.names(conf, point).entrySet()) {
        Class<?> c = Plugins.classOf(conf, "test", name.getKey(), pluginType(point));
        assertEquals(point + " " + name.getKey(), name.getValue(), c.getName());
      }
    }
  }

  /** The rows `POINT` | `interface` of the table under "## Extension points". */
  private static Map<String, String> documentedPoints() throws IOException {
    List<String> lines = Files.readAllLines(ARCHITECTURE, StandardCharsets.UTF_8);
    int start = lines.indexOf("## Extension points");
    assertTrue("docs/architecture.md has no section Extension points", start >= 0);
    Map<String, String> rows = new TreeMap<>();
    for (String line : lines.subList(start + 1, lines.size())) {
      if (line.startsWith("## ")) {
        break;
      }
      if (line.startsWith("| `")) {
        String[] cells = line.split("\\|");
        rows.put(unquote(cells[1]), unquote(cells[2]));
      }
    }
    return rows;
  }

  private static String unquote(String cell) {
    return cell.trim().replace("`", "");
  }

  @SuppressWarnings("unchecked")
  private static Class<? extends Plugin> pluginType(ExtensionPoint point) {
    try {
      return (Class<? extends Plugin>) Class.forName(point.interfaceName());
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }

  private static boolean pluginInterface(Class<?> c) {
    return c.isInterface() && c != Plugin.class && Plugin.class.isAssignableFrom(c);
  }

  /**
   * Every interface of ours, in the classes and jars of this classpath, that extends Plugin itself
   * (not through another that does).
   */
  private static TreeSet<String> pluginInterfaces() throws IOException, URISyntaxException {
    TreeSet<String> found = new TreeSet<>();
    ClassLoader loader = ExtensionPointTableTest.class.getClassLoader();
    for (URL url : Collections.list(loader.getResources("org/trawler"))) {
      for (String name : classNames(url)) {
        Class<?> c;
        try {
          c = Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
          continue; // a class of an optional library's side: it extends nothing of ours
        }
        if (pluginInterface(c) && List.of(c.getInterfaces()).contains(Plugin.class)) {
          found.add(name);
        }
      }
    }
    return found;
  }

  private static List<String> classNames(URL packageUrl) throws IOException, URISyntaxException {
    List<String> names = new ArrayList<>();
    if (packageUrl.getProtocol().equals("file")) {
      Path root = Path.of(packageUrl.toURI()).getParent().getParent(); // above org/trawler
      try (Stream<Path> files = Files.walk(Path.of(packageUrl.toURI()))) {
        files
            .filter(p -> p.toString().endsWith(".class"))
            .forEach(p -> names.add(className(root.relativize(p).toString())));
      }
    } else if (packageUrl.getProtocol().equals("jar")) {
      JarURLConnection jar = (JarURLConnection) packageUrl.openConnection();
      try (JarFile file = new JarFile(new File(jar.getJarFileURL().toURI()))) {
        Enumeration<JarEntry> entries = file.entries();
        while (entries.hasMoreElements()) {
          String entry = entries.nextElement().getName();
          if (entry.startsWith("org/trawler/") && entry.endsWith(".class")) {
            names.add(className(entry));
          }
        }
      }
    }
    return names;
  }

  private static String className(String path) {
    return path.substring(0, path.length() - ".class".length())
        .replace(File.separatorChar, '.')
        .replace('/', '.');
  }
}
