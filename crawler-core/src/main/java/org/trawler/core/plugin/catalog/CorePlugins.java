package org.trawler.core.plugin.catalog;

import java.util.List;
import org.trawler.core.parse.HeaderTypeDetector;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.MD5Signature;
import org.trawler.core.parse.TextSignature;
import org.trawler.core.parse.filter.JsonLdFilter;
import org.trawler.core.parse.filter.MainContentFilter;
import org.trawler.core.parse.filter.MetaTagFilter;
import org.trawler.core.parse.filter.MicrodataFilter;
import org.trawler.core.parse.filter.SelectorFilter;
import org.trawler.core.plugin.ExtensionPoint;
import org.trawler.core.plugin.PluginCatalog;
import org.trawler.core.protocol.http.HttpProtocol;
import org.trawler.core.schedule.AdaptiveFetchSchedule;
import org.trawler.core.schedule.DefaultFetchSchedule;

/** The short names of crawler-core's plug-ins. */
public class CorePlugins implements PluginCatalog {
  @Override
  public List<PluginName> names() {
    return List.of(
        new PluginName(ExtensionPoint.PARSER, "html", HtmlParser.class.getName()),
        new PluginName(ExtensionPoint.PARSE_FILTER, "content", MainContentFilter.class.getName()),
        new PluginName(ExtensionPoint.PARSE_FILTER, "meta", MetaTagFilter.class.getName()),
        new PluginName(ExtensionPoint.PARSE_FILTER, "jsonld", JsonLdFilter.class.getName()),
        new PluginName(ExtensionPoint.PARSE_FILTER, "microdata", MicrodataFilter.class.getName()),
        new PluginName(ExtensionPoint.PARSE_FILTER, "selectors", SelectorFilter.class.getName()),
        new PluginName(ExtensionPoint.TYPE_DETECTOR, "header", HeaderTypeDetector.class.getName()),
        new PluginName(ExtensionPoint.SIGNATURE, "md5", MD5Signature.class.getName()),
        new PluginName(ExtensionPoint.SIGNATURE, "text", TextSignature.class.getName()),
        new PluginName(
            ExtensionPoint.FETCH_SCHEDULE, "default", DefaultFetchSchedule.class.getName()),
        new PluginName(
            ExtensionPoint.FETCH_SCHEDULE, "adaptive", AdaptiveFetchSchedule.class.getName()),
        new PluginName(ExtensionPoint.PROTOCOL, "http", HttpProtocol.class.getName()));
  }
}
