package org.trawler.lang;

import java.util.List;
import org.trawler.core.plugin.ExtensionPoint;
import org.trawler.core.plugin.PluginCatalog;

/** The short name of this module's parse filter, which core's default filter order uses. */
public class LangPlugins implements PluginCatalog {
  @Override
  public List<PluginName> names() {
    return List.of(
        new PluginName(ExtensionPoint.PARSE_FILTER, "lang", LanguageFilter.class.getName()));
  }
}
