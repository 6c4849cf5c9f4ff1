package org.trawler.jobs.index;

import java.util.List;
import org.trawler.core.plugin.ExtensionPoint;
import org.trawler.core.plugin.PluginCatalog;

/** The names of crawler-jobs' index writers. */
public class IndexPlugins implements PluginCatalog {
  @Override
  public List<PluginName> names() {
    return List.of(
        new PluginName(
            ExtensionPoint.INDEX_WRITER, LuceneIndexWriter.NAME, LuceneIndexWriter.class.getName()),
        new PluginName(
            ExtensionPoint.INDEX_WRITER,
            JsonLinesIndexWriter.NAME,
            JsonLinesIndexWriter.class.getName()));
  }
}
