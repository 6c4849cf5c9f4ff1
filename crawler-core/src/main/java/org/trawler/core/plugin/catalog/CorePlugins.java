package org.trawler.core.plugin.catalog;

import java.util.List;
import org.trawler.core.parse.HeaderTypeDetector;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.MD5Signature;
import org.trawler.core.parse.ParseKeys;
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
import org.trawler.core.schedule.ScheduleKeys;
import org.trawler.core.scoring.OpicScoringFilter;
import org.trawler.core.scoring.PageRankScoringFilter;
import org.trawler.core.scoring.TopicScoringFilter;

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
        new PluginName(
            ExtensionPoint.SIGNATURE, ParseKeys.SIGNATURE_MD5_VALUE, MD5Signature.class.getName()),
        new PluginName(
            ExtensionPoint.SIGNATURE,
            ParseKeys.SIGNATURE_TEXT_VALUE,
            TextSignature.class.getName()),
        new PluginName(
            ExtensionPoint.FETCH_SCHEDULE,
            ScheduleKeys.SCHEDULE_DEFAULT_VALUE,
            DefaultFetchSchedule.class.getName()),
        new PluginName(
            ExtensionPoint.FETCH_SCHEDULE,
            ScheduleKeys.SCHEDULE_ADAPTIVE_VALUE,
            AdaptiveFetchSchedule.class.getName()),
        new PluginName(ExtensionPoint.PROTOCOL, "http", HttpProtocol.class.getName()),
        new PluginName(ExtensionPoint.SCORING_FILTER, "opic", OpicScoringFilter.class.getName()),
        new PluginName(
            ExtensionPoint.SCORING_FILTER, "pagerank", PageRankScoringFilter.class.getName()),
        new PluginName(ExtensionPoint.SCORING_FILTER, "topic", TopicScoringFilter.class.getName()));
  }
}
