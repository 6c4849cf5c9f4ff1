package org.trawler.jobs.fetch.render;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertThrows;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.FetchWatch;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolClass;
import org.trawler.core.protocol.ProtocolContext;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.RedirectGate;
import org.trawler.core.protocol.RobotsRules;
import org.trawler.jobs.fetch.ScriptedProtocol;

/**
 * fetcher.render makes the configured protocol the rendering one, which wraps the protocol
 * fetcher.protocol.class names: a page the rules do not select, or no HTML 200, comes back as the
 * network gave it, and no browser starts for it (the renders themselves: RenderFetchTest).
 */
public class RenderProtocolTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final List<String> counted = new ArrayList<>();

  private Configuration conf(boolean render) throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(ProtocolKeys.PROTOCOL_CLASS, ScriptedProtocol.class.getName());
    conf.setBoolean(ProtocolKeys.RENDER, render);
    File rules = new File(tmp.getRoot(), "render-rules.txt");
    Files.writeString(rules.toPath(), "# only the app\n/app/\n", StandardCharsets.UTF_8);
    conf.set(RenderKeys.RULES, rules.getAbsolutePath());
    return conf;
  }

  private ProtocolContext context() {
    return ProtocolContext.of(
        url -> RobotsRules.allowAll(), (group, name, amount) -> counted.add(name));
  }

  @Test
  public void fetcherRenderWrapsTheConfiguredProtocol() throws Exception {
    try (Protocol plain = ProtocolClass.newInstance(conf(false));
        Protocol rendering = ProtocolClass.newInstance(conf(true))) {
      assertSame(ScriptedProtocol.class, plain.getClass());
      assertSame(RenderProtocol.class, rendering.getClass());
    }
  }

  @Test
  public void pagesNotSelectedComeBackAsTheNetworkGaveThem() throws Exception {
    try (Protocol protocol = ProtocolClass.newInstance(conf(true))) {
      protocol.start(context());
      RenderProtocol choice = (RenderProtocol) protocol;

      ProtocolOutput other = fetchPage(protocol, "http://a.test/about.html");
      assertEquals(CrawlStatus.FETCH_SUCCESS, other.getStatus());
      assertFalse(other.getContent().isRendered());
      assertEquals("no rule of fetcher.render.rules matches", choice.notRendered(other));

      ProtocolOutput gone = fetchPage(protocol, "http://a.test/gone");
      assertEquals(CrawlStatus.FETCH_GONE, gone.getStatus());
      assertEquals("not a 200 fetch_success", choice.notRendered(gone));

      ProtocolOutput app = protocol.fetch("http://a.test/app/", 0, RedirectGate.FOLLOW);
      assertFalse("a plain fetch is never rendered", app.getContent().isRendered());
      assertNull("an app page is rendered by fetchPage", choice.notRendered(app));
    }
    assertEquals(List.of(), counted);
  }

  @Test
  public void theRenderingProtocolCannotBeTheNetworksToo() throws Exception {
    Configuration conf = conf(true);
    conf.set(ProtocolKeys.PROTOCOL_CLASS, ProtocolKeys.RENDER_PROTOCOL_VALUE);
    BadSettingException e =
        assertThrows(BadSettingException.class, () -> ProtocolClass.newInstance(conf));
    assertEquals(ProtocolKeys.PROTOCOL_CLASS, e.key());
  }

  @Test
  public void aPageFetchBeforeTheTaskStartedTheProtocolIsABug() throws Exception {
    try (Protocol protocol = ProtocolClass.newInstance(conf(true))) {
      assertThrows(IllegalStateException.class, () -> fetchPage(protocol, "http://a.test/app/"));
    }
  }

  private static ProtocolOutput fetchPage(Protocol protocol, String url) {
    return protocol.fetchPage(url, 0, null, RedirectGate.FOLLOW, FetchWatch.NONE);
  }
}
