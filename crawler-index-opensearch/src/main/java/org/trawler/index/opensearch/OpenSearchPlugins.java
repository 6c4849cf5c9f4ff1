package org.trawler.index.opensearch;

import java.util.List;
import org.trawler.core.plugin.ExtensionPoint;
import org.trawler.core.plugin.PluginCatalog;

/** The name of the OpenSearch index writer. */
public class OpenSearchPlugins implements PluginCatalog {
  @Override
  public List<PluginName> names() {
    return List.of(
        new PluginName(
            ExtensionPoint.INDEX_WRITER,
            OpenSearchIndexWriter.NAME,
            OpenSearchIndexWriter.class.getName()));
  }
}
