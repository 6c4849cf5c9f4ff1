package org.trawler.parse.tika;

import java.util.List;
import org.trawler.core.plugin.ExtensionPoint;
import org.trawler.core.plugin.PluginCatalog;

/**
 * The short names of this module's plug-ins, which core's defaults use: core names no class of a
 * module it does not depend on.
 */
public class TikaPlugins implements PluginCatalog {
  @Override
  public List<PluginName> names() {
    return List.of(
        new PluginName(ExtensionPoint.PARSER, "tika", TikaParser.class.getName()),
        new PluginName(ExtensionPoint.PARSER, "feed", FeedParser.class.getName()),
        new PluginName(ExtensionPoint.TYPE_DETECTOR, "tika", TikaTypeDetector.class.getName()));
  }
}
