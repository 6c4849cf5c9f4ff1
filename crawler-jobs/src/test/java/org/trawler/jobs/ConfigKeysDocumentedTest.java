package org.trawler.jobs;

import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Every configuration key a {@code *Keys} class under org.trawler names is in trawler-default.xml
 * with a description, so a user can find and understand every key the code reads; each key is
 * defined once, its default (a {@code DEFAULT_} constant beside it) is the one trawler-default.xml
 * gives, and the main code names keys only through the constants.
 */
public class ConfigKeysDocumentedTest {
  /** The main code of the modules that read the keys, relative to this module's directory. */
  private static final List<Path> MAIN_SOURCES =
      List.of(Path.of("src/main/java"), Path.of("../crawler-core/src/main/java"));

  @Test
  public void everyKeyConstantIsDocumentedInTrawlerDefault() throws Exception {
    Map<String, String> documented = documentedKeys();
    TreeSet<String> keysClasses = new TreeSet<>(keysClassNames());
    assertTrue(
        "the scan found the Keys classes: " + keysClasses,
        keysClasses.contains("org.trawler.core.store.StoreKeys")
            && keysClasses.contains("org.trawler.jobs.inject.InjectKeys"));
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (String className : keysClasses) {
      for (Field field : Class.forName(className).getDeclaredFields()) {
        if (!isConstant(field) || field.getType() != String.class || !isKeyName(field.getName())) {
          continue;
        }
        String key = (String) field.get(null);
        checked++;
        if (!documented.containsKey(key)) {
          problems.add(
              className
                  + "."
                  + field.getName()
                  + " = \""
                  + key
                  + "\" is not in trawler-default.xml");
        } else if (documented.get(key).isBlank()) {
          problems.add(className + "." + field.getName() + " = \"" + key + "\" has no description");
        }
      }
    }
    assertTrue("checked some keys", checked > 5);
    assertTrue(String.join("\n", problems), problems.isEmpty());
  }

  @Test
  public void everyDefaultConstantIsTheValueTrawlerDefaultGivesItsKey() throws Exception {
    Map<String, String> values = documented("value");
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (String className : new TreeSet<>(keysClassNames())) {
      Class<?> c = Class.forName(className);
      for (Field field : c.getDeclaredFields()) {
        if (!isConstant(field) || !field.getName().startsWith("DEFAULT_")) {
          continue;
        }
        String where = className + "." + field.getName();
        String keyField = field.getName().substring("DEFAULT_".length());
        String key;
        try {
          key = (String) c.getField(keyField).get(null);
        } catch (NoSuchFieldException e) {
          problems.add(where + " is the default of no key: " + className + " has no " + keyField);
          continue;
        }
        checked++;
        Object value = field.get(null);
        if (!values.containsKey(key)) {
          problems.add(where + ": " + key + " is not in trawler-default.xml");
        } else if (!sameValue(value, values.get(key))) {
          problems.add(
              where
                  + " = "
                  + value
                  + " but trawler-default.xml gives "
                  + key
                  + " = "
                  + values.get(key));
        }
      }
    }
    assertTrue("checked some defaults", checked > 30);
    assertTrue(String.join("\n", problems), problems.isEmpty());
  }

  /**
   * KnownSettings checks a setting's type by its default in trawler-default.xml: a fractional
   * setting's default is written with a point, a whole one's without, a boolean's as true or false.
   */
  @Test
  public void everyDefaultIsWrittenInItsTypesForm() throws Exception {
    Map<String, String> values = documented("value");
    List<String> problems = new ArrayList<>();
    for (String className : new TreeSet<>(keysClassNames())) {
      Class<?> c = Class.forName(className);
      for (Field field : c.getDeclaredFields()) {
        if (!isConstant(field) || !field.getName().startsWith("DEFAULT_")) {
          continue;
        }
        String key;
        try {
          key = (String) c.getField(field.getName().substring("DEFAULT_".length())).get(null);
        } catch (NoSuchFieldException e) {
          continue;
        }
        String value = values.getOrDefault(key, "").trim();
        Class<?> type = field.getType();
        boolean fractional = type == float.class || type == double.class;
        boolean whole = type == int.class || type == long.class;
        if (fractional && !value.matches("-?\\d*\\.\\d+")) {
          problems.add(key + " is fractional: write its default " + value + " with a point");
        } else if (whole && !value.matches("-?\\d+")) {
          problems.add(key + " is a whole number, but its default is " + value);
        } else if (type == boolean.class && !value.matches("true|false")) {
          problems.add(key + " is a boolean, but its default is " + value);
        }
      }
    }
    assertTrue(String.join("\n", problems), problems.isEmpty());
  }

  @Test
  public void noKeyIsDefinedTwice() throws Exception {
    Map<String, List<String>> definitions = new TreeMap<>();
    for (String className : keysClassNames()) {
      for (Field field : Class.forName(className).getDeclaredFields()) {
        if (isConstant(field) && field.getType() == String.class && isKeyName(field.getName())) {
          definitions
              .computeIfAbsent((String) field.get(null), k -> new ArrayList<>())
              .add(className + "." + field.getName());
        }
      }
    }
    List<String> twice = new ArrayList<>();
    definitions.forEach(
        (key, where) -> {
          if (where.size() > 1) {
            twice.add(key + " is defined by " + where);
          }
        });
    assertTrue(String.join("\n", twice), twice.isEmpty());
  }

  @Test
  public void mainCodeNamesKeysOnlyThroughTheirConstants() throws Exception {
    Map<String, Pattern> keys = new TreeMap<>();
    for (String key : documented("value").keySet()) {
      keys.put(key, Pattern.compile("(?<![\\w.])" + Pattern.quote(key) + "(?![\\w.])"));
    }
    List<String> problems = new ArrayList<>();
    for (Path root : MAIN_SOURCES) {
      assertTrue(root.toAbsolutePath() + " exists", Files.isDirectory(root));
      List<Path> files;
      try (Stream<Path> walk = Files.walk(root)) {
        files =
            walk.filter(f -> f.toString().endsWith(".java") && !f.toString().endsWith("Keys.java"))
                .toList();
      }
      for (Path file : files) {
        String[] lines = withoutComments(Files.readString(file)).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
          Matcher literal = STRING_LITERAL.matcher(lines[i]);
          while (literal.find()) {
            for (Map.Entry<String, Pattern> key : keys.entrySet()) {
              if (key.getValue().matcher(literal.group()).find()) {
                problems.add(
                    root.relativize(file)
                        + ":"
                        + (i + 1)
                        + " names "
                        + key.getKey()
                        + " in "
                        + literal.group());
              }
            }
          }
        }
      }
    }
    assertTrue(
        "keys named by string literals, not by their Keys constants:\n"
            + String.join("\n", problems),
        problems.isEmpty());
  }

  private static final Pattern STRING_LITERAL = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
  private static final Pattern CODE_TOKENS =
      Pattern.compile(
          "/\\*.*?\\*/|//[^\\n]*|'(?:[^'\\\\]|\\\\.)+'|" + STRING_LITERAL.pattern(),
          Pattern.DOTALL);

  /**
   * The source with its comments blanked out (line breaks kept), string and char literals as they
   * are.
   */
  private static String withoutComments(String source) {
    Matcher m = CODE_TOKENS.matcher(source);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String token = m.group();
      boolean comment = token.startsWith("/");
      m.appendReplacement(
          sb, Matcher.quoteReplacement(comment ? token.replaceAll("[^\\n]", "") : token));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /**
   * A default constant and the value trawler-default.xml gives: numbers compared as numbers (30 =
   * 30.0).
   */
  private static boolean sameValue(Object constant, String documented) {
    String value = documented.trim();
    if (constant instanceof Number) {
      try {
        return new BigDecimal(constant.toString()).compareTo(new BigDecimal(value)) == 0;
      } catch (NumberFormatException e) {
        return false;
      }
    }
    if (constant instanceof Boolean) {
      return constant.toString().equals(value);
    }
    return constant.equals(value);
  }

  private static boolean isConstant(Field field) {
    int mod = field.getModifiers();
    return Modifier.isPublic(mod) && Modifier.isStatic(mod) && Modifier.isFinal(mod);
  }

  /**
   * Keys classes also hold prefixes (*_PREFIX), defaults (DEFAULT_*), allowed values (*_VALUE) and
   * keys the tools set for their own tasks (INTERNAL_*): none is a user's key.
   */
  private static boolean isKeyName(String field) {
    return !(field.endsWith("_PREFIX")
        || field.startsWith("DEFAULT_")
        || field.endsWith("_VALUE")
        || field.startsWith("INTERNAL_"));
  }

  /** name → description of every property in trawler-default.xml. */
  private static Map<String, String> documentedKeys() throws Exception {
    return documented("description");
  }

  /**
   * name → the text of {@code tag} (value or description) of every property in trawler-default.xml.
   */
  private static Map<String, String> documented(String tag) throws Exception {
    URL resource =
        ConfigKeysDocumentedTest.class
            .getClassLoader()
            .getResource(CrawlerConfiguration.DEFAULT_RESOURCE);
    assertNotNull(CrawlerConfiguration.DEFAULT_RESOURCE + " on the classpath", resource);
    Document doc;
    try (InputStream in = resource.openStream()) {
      doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
    }
    Map<String, String> keys = new HashMap<>();
    NodeList properties = doc.getElementsByTagName("property");
    for (int i = 0; i < properties.getLength(); i++) {
      Element p = (Element) properties.item(i);
      keys.put(text(p, "name"), text(p, tag));
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
          files
              .map(f -> path.relativize(f).toString().replace(File.separatorChar, '/'))
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
    return resourceName.startsWith("org/trawler/")
        && resourceName.endsWith("Keys.class")
        && !resourceName.contains("$");
  }

  private static String className(String resourceName) {
    return resourceName.substring(0, resourceName.length() - ".class".length()).replace('/', '.');
  }
}
