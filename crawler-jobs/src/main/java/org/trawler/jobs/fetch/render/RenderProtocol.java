package org.trawler.jobs.fetch.render;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.protocol.FetchWatch;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolClass;
import org.trawler.core.protocol.ProtocolContext;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RedirectGate;
import org.trawler.core.protocol.RenderingChoice;

/**
 * The protocol of fetcher.render (as Nutch's protocol-selenium, it wraps the network's): a page is
 * fetched through the protocol fetcher.protocol.class names, then, when it is an HTML 200 that
 * fetcher.render.rules selects, loaded in headless Chromium within the same call, so within its
 * host's turn. Every other request (robots.txt, probes, sitemaps, the browser's own requests) is
 * the wrapped protocol's alone. Its browsers are the task's: started when a page needs one, stopped
 * when the task closes the protocol.
 */
public final class RenderProtocol implements Protocol, RenderingChoice {
  private RenderSettings settings;
  private Protocol network;
  private ProtocolContext context;
  private Renderer renderer;

  @Override
  public void configure(Configuration conf) {
    if (ProtocolClass.type(conf) == RenderProtocol.class) {
      throw new BadSettingException(
          ProtocolKeys.PROTOCOL_CLASS,
          "names the rendering protocol: name the network's protocol and set "
              + ProtocolKeys.RENDER
              + "=true");
    }
    settings = RenderSettings.from(conf); // no browser: fails here, before any page
    network = ProtocolClass.newNetworkInstance(conf);
  }

  @Override
  public void start(ProtocolContext context) {
    if (renderer != null) {
      throw new IllegalStateException("started twice");
    }
    this.context = context;
    this.renderer = Renderer.inTask(settings, network, context::count);
  }

  @Override
  public ProtocolOutput fetchPage(
      String url, long ifModifiedSince, String etag, RedirectGate gate, FetchWatch watch) {
    ProtocolOutput fetched = network.fetch(url, ifModifiedSince, etag, gate);
    if (fetched == null || started().notRendered(fetched) != null) {
      return fetched;
    }
    try {
      return renderer.render(fetched, context.robotsFor(url), context::robotsFor, watch(watch));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ProtocolOutput.retry(0, Reason.EXCEPTION, "interrupted while rendering", -1);
    }
  }

  @Override
  public String notRendered(ProtocolOutput fetched) {
    return started().notRendered(fetched);
  }

  @Override
  public ProtocolOutput fetch(String url, long ifModifiedSince, RedirectGate gate) {
    return network.fetch(url, ifModifiedSince, gate);
  }

  @Override
  public ProtocolOutput fetch(String url, long ifModifiedSince, String etag, RedirectGate gate) {
    return network.fetch(url, ifModifiedSince, etag, gate);
  }

  @Override
  public RobotsTxt fetchRobots(String url, long now) {
    return network.fetchRobots(url, now);
  }

  @Override
  public RobotsTxt fetchTdmRep(String url, RobotsTxt robots) {
    return network.fetchTdmRep(url, robots);
  }

  private Renderer started() {
    if (renderer == null) {
      throw new IllegalStateException("a page fetch before start(ProtocolContext)");
    }
    return renderer;
  }

  /** The render's watch told to the fetch's: waiting for a browser, then the render's bound. */
  private Renderer.Watch watch(FetchWatch watch) {
    return new Renderer.Watch() {
      @Override
      public void waitingForBrowser() {
        watch.waiting();
      }

      @Override
      public void rendering() {
        watch.stage(renderer.stuckAfterMillis());
      }
    };
  }

  @Override
  public void close() throws IOException {
    try {
      if (renderer != null) {
        renderer.close();
      }
    } finally {
      network.close();
    }
  }
}
