package org.trawler.core.plugin;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;

/**
 * The one way a plug-in is made: a name from the configuration (a short name a module's {@link
 * PluginCatalog} gives, or a full class name), the class's public no-argument constructor, then
 * {@link Plugin#configure} once. A name that is not a class of the extension point's type is the
 * user's mistake: a {@link BadSettingException} of one line naming the key and the class, which a
 * command prints without a stack trace and exits 2.
 */
public final class Plugins {
  private Plugins() {}

  /** A new, configured {@code type} named {@code name}, as the setting {@code key} gives it. */
  public static <T extends Plugin> T create(
      Configuration conf, String key, String name, Class<T> type) {
    return create(conf, new PluginNames(conf), key, name, type);
  }

  /**
   * As {@link #create(Configuration, String, String, Class)}, a short name looked up in {@code
   * names}: what a set of plug-ins made together shares.
   */
  public static <T extends Plugin> T create(
      Configuration conf, PluginNames names, String key, String name, Class<T> type) {
    return create(conf, key, classOf(conf, names, key, name, type));
  }

  /** A new instance of {@code c}, a class {@link #classOf} resolved for {@code key}, configured. */
  public static <T extends Plugin> T create(Configuration conf, String key, Class<T> c) {
    T plugin = newInstance(key, c);
    plugin.configure(conf);
    return plugin;
  }

  /**
   * A new instance of {@code c}, a class {@link #classOf} resolved for {@code key}, not configured
   * yet: for a set of plug-ins whose configure step takes more than the configuration (Parsers).
   */
  public static <T extends Plugin> T newInstance(String key, Class<T> c) {
    try {
      return c.getConstructor().newInstance();
    } catch (NoSuchMethodException e) {
      throw new BadSettingException(
          key, "class " + c.getName() + " has no constructor without arguments", e);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException("cannot create " + c.getName(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + c.getName(), e);
    }
  }

  /**
   * New, configured {@code type}s, one per name of {@code names} (commas or white space between
   * them), in order.
   */
  public static <T extends Plugin> List<T> createAll(
      Configuration conf, String key, String names, Class<T> type) {
    List<T> plugins = new ArrayList<>();
    PluginNames shortNames = new PluginNames(conf);
    for (String name : splitNames(names)) {
      plugins.add(create(conf, shortNames, key, name, type));
    }
    return plugins;
  }

  /** The names of a list setting: commas or white space between them. */
  public static List<String> splitNames(String value) {
    List<String> names = new ArrayList<>();
    for (String s : value.split("[,\\s]+")) {
      if (!s.isEmpty()) {
        names.add(s);
      }
    }
    return names;
  }

  /** The short names the modules on the classpath give to implementations of {@code point}. */
  public static TreeMap<String, String> names(Configuration conf, ExtensionPoint point) {
    return new PluginNames(conf).of(point);
  }

  /**
   * The class {@code name} stands for, checked to be a {@code type} that {@link #create} can make,
   * without making one; a BadSettingException otherwise.
   */
  public static <T extends Plugin> Class<? extends T> classOf(
      Configuration conf, String key, String name, Class<T> type) {
    return classOf(conf, new PluginNames(conf), key, name, type);
  }

  /**
   * As {@link #classOf(Configuration, String, String, Class)}, short names from {@code catalogs}.
   */
  public static <T extends Plugin> Class<? extends T> classOf(
      Configuration conf, PluginNames catalogs, String key, String name, Class<T> type) {
    name = name.trim();
    // A class name (it has a dot) is taken as it is: the catalogs, a scan of every jar's service
    // files, are read for a short name, or to list the names in an error. Tasks make many plug-ins.
    TreeMap<String, String> names =
        name.indexOf('.') < 0 ? catalogs.of(ExtensionPoint.of(type)) : null;
    String className = names == null ? name : names.getOrDefault(name, name);
    Class<?> c;
    try {
      c = conf.getClassByName(className);
    } catch (ClassNotFoundException e) {
      if (names == null) {
        names = catalogs.of(ExtensionPoint.of(type));
      }
      String known = names.isEmpty() ? "" : " (names: " + String.join(", ", names.keySet()) + ")";
      if (!names.isEmpty() && name.indexOf('.') < 0) {
        throw new BadSettingException(
            key,
            "no "
                + ExtensionPoint.of(type).title()
                + " named '"
                + name
                + "' on the classpath"
                + known,
            e);
      }
      throw new BadSettingException(key, "class " + name + " is not on the classpath" + known, e);
    }
    if (!type.isAssignableFrom(c)) {
      throw new BadSettingException(key, "class " + className + " is not a " + type.getName());
    }
    if (c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
      throw new BadSettingException(key, "class " + className + " is abstract");
    }
    return c.asSubclass(type);
  }
}
