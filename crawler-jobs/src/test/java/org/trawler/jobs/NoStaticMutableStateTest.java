package org.trawler.jobs;

import static org.junit.Assert.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.cli.Main;
import org.trawler.lang.LanguageFilter;
import org.trawler.parse.tika.TikaParser;

/**
 * STYLE: no static mutable state. Reads the class files of crawler-core, crawler-jobs and
 * crawler-parse-tika, crawler-lang (without loading them) for a static field that is not final, or
 * final and an atomic, or a collection or map other than the JDK's unmodifiable ones (only those
 * fields' classes are loaded, to look at the value). Arrays are not counted: they are private
 * lookup tables filled once. A new field fails here: hand the state to whoever needs it (a per-run
 * or per-task object), or add it below with the reason it must be JVM-wide.
 */
public class NoStaticMutableStateTest {
  private static final int ACC_STATIC = 0x0008;
  private static final int ACC_FINAL = 0x0010;
  private static final int ACC_SYNTHETIC = 0x1000;

  /** Field (class#name) → why it is allowed. */
  private static final Map<String, String> JUSTIFIED = Map.of();

  /** One field as its class file declares it. */
  private record Declared(String owner, String name, int access, String descriptor) {}

  @Test
  public void mainCodeHasNoStaticMutableFieldsBeyondTheJustifiedOnes() throws Exception {
    List<String> found = new ArrayList<>();
    for (Class<?> anchor :
        List.of(CrawlerConfiguration.class, Main.class, TikaParser.class, LanguageFilter.class)) {
      for (Declared f : staticFields(anchor)) {
        if (isMutable(f, anchor.getClassLoader())) {
          found.add(f.owner() + "#" + f.name());
        }
      }
    }
    TreeSet<String> unjustified = new TreeSet<>(found);
    unjustified.removeAll(JUSTIFIED.keySet());
    assertEquals(
        "static mutable state (STYLE): hand it to whoever needs it, or justify it in this test",
        List.of(),
        List.copyOf(unjustified));
    TreeSet<String> stale = new TreeSet<>(JUSTIFIED.keySet());
    stale.removeAll(found);
    assertEquals("justified fields that are gone: remove them here", List.of(), List.copyOf(stale));
  }

  private static boolean isMutable(Declared f, ClassLoader loader) throws Exception {
    if ((f.access() & ACC_FINAL) == 0) {
      return true;
    }
    if (!f.descriptor().startsWith("L")) {
      return false; // a primitive or an array
    }
    String typeName = f.descriptor().substring(1, f.descriptor().length() - 1).replace('/', '.');
    if (typeName.startsWith("java.util.concurrent.atomic.")) {
      return true;
    }
    Class<?> type = Class.forName(typeName, false, loader);
    if (!Collection.class.isAssignableFrom(type) && !Map.class.isAssignableFrom(type)) {
      return false;
    }
    Field field = Class.forName(f.owner(), true, loader).getDeclaredField(f.name());
    field.setAccessible(true);
    Object value = field.get(null);
    String impl = value == null ? "" : value.getClass().getName();
    return value != null
        && !impl.startsWith("java.util.ImmutableCollections$")
        && !impl.startsWith("java.util.Collections$Unmodifiable")
        && !impl.startsWith("java.util.Collections$Empty")
        && !impl.startsWith("java.util.Collections$Singleton");
  }

  /**
   * The static, non-synthetic fields of our classes in the directory or jar {@code anchor} is in.
   */
  private static List<Declared> staticFields(Class<?> anchor)
      throws IOException, URISyntaxException {
    Path where = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<Declared> fields = new ArrayList<>();
    if (Files.isDirectory(where)) {
      try (Stream<Path> files = Files.walk(where.resolve("org/trawler"))) {
        for (Path p : (Iterable<Path>) files::iterator) {
          if (isOurClass(where.relativize(p).toString().replace('\\', '/'))) {
            fields.addAll(staticFields(Files.readAllBytes(p)));
          }
        }
      }
    } else {
      try (JarFile jar = new JarFile(where.toFile())) {
        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
          JarEntry entry = e.nextElement();
          if (entry.getName().startsWith("org/trawler/") && isOurClass(entry.getName())) {
            try (InputStream in = jar.getInputStream(entry)) {
              fields.addAll(staticFields(in.readAllBytes()));
            }
          }
        }
      }
    }
    return fields;
  }

  /**
   * A class file of ours, not of a library shaded under org/trawler (crawler-parse-tika's,
   * crawler-lang's).
   */
  private static boolean isOurClass(String file) {
    return file.endsWith(".class") && !file.contains("/shaded/");
  }

  /** The static fields a class file declares (JVMS §4.1: the constant pool, then the fields). */
  private static List<Declared> staticFields(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    in.skipBytes(8); // magic, minor and major version
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    int[] classNameIndex = new int[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7 -> classNameIndex[i] = in.readUnsignedShort();
        case 8, 16, 19, 20 -> in.skipBytes(2);
        case 15 -> in.skipBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
        case 5, 6 -> {
          in.skipBytes(8);
          i++; // a long or a double takes two entries
        }
        default -> throw new IOException("constant pool tag " + tag + " unknown");
      }
    }
    in.skipBytes(2); // access flags
    String owner = utf8[classNameIndex[in.readUnsignedShort()]].replace('/', '.');
    in.skipBytes(2); // super class
    in.skipBytes(2 * in.readUnsignedShort()); // interfaces
    List<Declared> fields = new ArrayList<>();
    for (int n = in.readUnsignedShort(); n > 0; n--) {
      int access = in.readUnsignedShort();
      String name = utf8[in.readUnsignedShort()];
      String descriptor = utf8[in.readUnsignedShort()];
      for (int a = in.readUnsignedShort(); a > 0; a--) {
        in.skipBytes(2);
        in.skipBytes(in.readInt());
      }
      if ((access & ACC_STATIC) != 0 && (access & ACC_SYNTHETIC) == 0) {
        fields.add(new Declared(owner, name, access, descriptor));
      }
    }
    return fields;
  }
}
