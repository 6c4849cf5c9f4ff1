package org.trawler.jobs.fetch.render;

import java.util.List;
import org.trawler.core.plugin.ExtensionPoint;
import org.trawler.core.plugin.PluginCatalog;
import org.trawler.core.protocol.ProtocolKeys;

/** The name of crawler-jobs' rendering protocol, which fetcher.render makes core choose. */
public class RenderPlugins implements PluginCatalog {
  @Override
  public List<PluginName> names() {
    return List.of(
        new PluginName(
            ExtensionPoint.PROTOCOL,
            ProtocolKeys.RENDER_PROTOCOL_VALUE,
            RenderProtocol.class.getName()));
  }
}
