package org.trawler.jobs;

import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.trawler.core.conf.CrawlerConfiguration;

/**
 * Every configuration key a {@code *Keys} class under org.trawler names is in trawler-default.xml
 * with a description, so a user can find and understand every key the code reads.
 */
public class ConfigKeysDocumentedTest {

  @Test
  public void everyKeyConstantIsDocumentedInTrawlerDefault() throws Exception {
    Map<String, String> documented = documentedKeys();
    TreeSet<String> keysClasses = new TreeSet<>(keysClassNames());
    assertTrue("the scan found the Keys classes: " + keysClasses,
        keysClasses.contains("org.trawler.core.store.StoreKeys") && keysClasses.contains("org.trawler.jobs.inject.InjectKeys"));
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (String className : keysClasses) {
      for (Field field : Class.forName(className).getDeclaredFields()) {
        int mod = field.getModifiers();
        if (!Modifier.isPublic(mod) || !Modifier.isStatic(mod) || !Modifier.isFinal(mod)
            || field.getType() != String.class || !isKeyName(field.getName())) {
          continue;
        }
        String key = (String) field.get(null);
        checked++;
        if (!documented.containsKey(key)) {
          problems.add(className + "." + field.getName() + " = \"" + key + "\" is not in trawler-default.xml");
        } else if (documented.get(key).isBlank()) {
          problems.add(className + "." + field.getName() + " = \"" + key + "\" has no description");
        }
      }
    }
    assertTrue("checked some keys", checked > 5);
    assertTrue(String.join("\n", problems), problems.isEmpty());
  }

  /**
   * Keys classes also hold prefixes (*_PREFIX), default and allowed values (DEFAULT_*, *_DEFAULT,
   * *_VALUE) and keys the tools set for their own tasks (INTERNAL_*): none is a user's key.
   */
  private static boolean isKeyName(String field) {
    return !(field.endsWith("_PREFIX") || field.startsWith("DEFAULT_") || field.endsWith("_DEFAULT")
        || field.endsWith("_VALUE") || field.startsWith("INTERNAL_"));
  }

  /** name → description of every property in trawler-default.xml. */
  private static Map<String, String> documentedKeys() throws Exception {
    URL resource = ConfigKeysDocumentedTest.class.getClassLoader().getResource(CrawlerConfiguration.DEFAULT_RESOURCE);
    assertNotNull(CrawlerConfiguration.DEFAULT_RESOURCE + " on the classpath", resource);
    Document doc;
    try (InputStream in = resource.openStream()) {
      doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
    }
    Map<String, String> keys = new HashMap<>();
    NodeList properties = doc.getElementsByTagName("property");
    for (int i = 0; i < properties.getLength(); i++) {
      Element p = (Element) properties.item(i);
      keys.put(text(p, "name"), text(p, "description"));
    }
    return keys;
  }

  private static String text(Element parent, String tag) {
    NodeList nodes = parent.getElementsByTagName(tag);
    return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
  }

  /** Classes named *Keys under org/trawler in the class directories and jars of the classpath. */
  private static List<String> keysClassNames() throws IOException {
    List<String> names = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path path = Path.of(entry);
      if (Files.isDirectory(path.resolve("org/trawler"))) {
        try (Stream<Path> files = Files.walk(path.resolve("org/trawler"))) {
          files.map(f -> path.relativize(f).toString().replace(File.separatorChar, '/'))
              .filter(ConfigKeysDocumentedTest::isKeysClass)
              .forEach(f -> names.add(className(f)));
        }
      } else if (entry.endsWith(".jar") && Files.isRegularFile(path)) {
        try (JarFile jar = new JarFile(path.toFile())) {
          Enumeration<JarEntry> entries = jar.entries();
          while (entries.hasMoreElements()) {
            String name = entries.nextElement().getName();
            if (isKeysClass(name)) {
              names.add(className(name));
            }
          }
        }
      }
    }
    return names;
  }

  private static boolean isKeysClass(String resourceName) {
    return resourceName.startsWith("org/trawler/") && resourceName.endsWith("Keys.class") && !resourceName.contains("$");
  }

  private static String className(String resourceName) {
    return resourceName.substring(0, resourceName.length() - ".class".length()).replace('/', '.');
  }
}
