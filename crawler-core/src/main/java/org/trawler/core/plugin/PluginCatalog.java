package org.trawler.core.plugin;

import java.util.List;

/**
 * The short names a module gives the plug-ins it provides, so that configuration names {@code tika}
 * rather than a class of a module that may not be there. A module lists its catalog in {@code
 * META-INF/services/org.trawler.core.plugin.PluginCatalog}; {@link Plugins} reads them all.
 */
public interface PluginCatalog {

  /** The plug-ins of this module that have a short name. */
  List<PluginName> names();

  /** {@code name} stands for the class {@code className}, an implementation of {@code point}. */
  record PluginName(ExtensionPoint point, String name, String className) {}
}
