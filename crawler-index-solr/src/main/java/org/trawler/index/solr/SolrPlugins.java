package org.trawler.index.solr;

import java.util.List;
import org.trawler.core.plugin.ExtensionPoint;
import org.trawler.core.plugin.PluginCatalog;

/** The name of the Solr index writer. */
public class SolrPlugins implements PluginCatalog {
  @Override
  public List<PluginName> names() {
    return List.of(
        new PluginName(
            ExtensionPoint.INDEX_WRITER, SolrIndexWriter.NAME, SolrIndexWriter.class.getName()));
  }
}
