package org.trawler.core.plugin;

import java.util.EnumMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;

/**
 * The short names the modules' {@link PluginCatalog}s give, read at the first question and kept:
 * reading them is a scan of every jar's service files (about 1 ms), and a set of plug-ins made
 * together (Parsers, ParseFilters, IndexWriters) asks once per plug-in. One is made for such a set
 * and handed down; it is not shared further, so a new classpath or class loader is always read.
 */
public final class PluginNames {
  private final ClassLoader loader;
  private Map<ExtensionPoint, TreeMap<String, String>> byPoint;

  public PluginNames(Configuration conf) {
    this.loader = conf.getClassLoader();
  }

  /** Short name (any case) → class name, of the implementations of {@code point}. */
  public synchronized TreeMap<String, String> of(ExtensionPoint point) {
    if (byPoint == null) {
      byPoint = read();
    }
    TreeMap<String, String> names = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    names.putAll(byPoint.getOrDefault(point, new TreeMap<>()));
    return names;
  }

  private Map<ExtensionPoint, TreeMap<String, String>> read() {
    Map<ExtensionPoint, TreeMap<String, String>> read = new EnumMap<>(ExtensionPoint.class);
    for (PluginCatalog catalog : ServiceLoader.load(PluginCatalog.class, loader)) {
      for (PluginCatalog.PluginName n : catalog.names()) {
        read.computeIfAbsent(n.point(), p -> new TreeMap<>(String.CASE_INSENSITIVE_ORDER))
            .put(n.name(), n.className());
      }
    }
    return read;
  }
}
