package org.trawler.jobs.fetch.render;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MimeTypes;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RobotsRules;
import org.trawler.jobs.CounterSink;

/**
 * Renders fetched HTML pages in headless Chromium (fetcher.render): {@link RenderProtocol} calls it
 * within the fetcher thread's page fetch, while the thread still holds the host's queue slot, so a
 * rendered page is one turn of its host. A page rendered gets its DOM beside its raw content; one
 * that is not rendered in time or whose browser dies keeps its raw content and says why
 * (render_timeout, render_failed); a DOM over fetcher.render.max.bytes is cut there
 * (render_truncated). Thread-safe; close it at the end of the task, which stops every browser.
 */
public final class Renderer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Renderer.class);

  private final RenderSettings settings;
  private final Protocol protocol;
  private final CounterSink counters;
  private final SubRequestPolicy policy;
  private final BrowserPool pool;

  Renderer(RenderSettings settings, Protocol protocol, CounterSink counters, Path tempDir) {
    this.settings = settings;
    this.protocol = protocol;
    this.counters = counters;
    this.policy = new SubRequestPolicy(settings.blockTypes, settings.thirdParty);
    this.pool = new BrowserPool(settings, tempDir, counters);
  }

  /**
   * The task's renderer when fetcher.render is on, else null; its browsers' profiles go into the
   * task's temporary directory (java.io.tmpdir: a YARN container's own).
   */
  public static Renderer open(Configuration conf, Protocol protocol, CounterSink counters) {
    RenderSettings settings = RenderSettings.from(conf);
    if (!settings.enabled()) {
      return null;
    }
    return inTask(settings, protocol, counters);
  }

  /** A renderer whose browsers' profiles go into the task's temporary directory. */
  static Renderer inTask(RenderSettings settings, Protocol protocol, CounterSink counters) {
    return new Renderer(
        settings, protocol, counters, Path.of(System.getProperty("java.io.tmpdir")));
  }

  /**
   * The fetch outcome after rendering: the same outcome, its content with the rendered DOM, when
   * the page is an HTML 200 the rules select; otherwise as it came. {@code robots} are the page's
   * site's rules, {@code otherSites} give those of a third party the browser may load from.
   */
  public ProtocolOutput render(
      ProtocolOutput fetched, RobotsRules robots, SiteRobots otherSites, Watch watch)
      throws InterruptedException {
    if (notRendered(fetched) != null) {
      return fetched;
    }
    Content content = fetched.getContent();
    String url = content.getUrl();
    BrowserPool.Place place;
    try {
      watch.waitingForBrowser();
      place = pool.take();
      watch.rendering();
    } catch (IOException e) {
      LOG.warn("{} not rendered: {}", url, e.getMessage());
      counters.count(RenderCounter.RENDER_FAILURES, 1);
      return fetched.withReason(Reason.RENDER_FAILED, e.getMessage());
    }
    PageRender.Result result = null;
    try {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.timeoutMillis);
      result =
          place
              .browser()
              .render(
                  new PageRender(
                      content, robots, otherSites, protocol, policy, counters, settings.maxBytes),
                  deadline);
    } finally {
      pool.release(
          place,
          result == null
              || result.outcome() == PageRender.Outcome.TIMEOUT
              || !place.browser().isAlive());
    }
    switch (result.outcome()) {
      case RENDERED -> {
        content.setRendered(result.dom());
        counters.count(RenderCounter.RENDERED, 1);
        return fetched;
      }
      case TRUNCATED -> {
        LOG.info("{} rendered: {}, cut there", url, result.message());
        content.setRendered(result.dom());
        counters.count(RenderCounter.RENDERED, 1);
        counters.count(RenderCounter.RENDER_TRUNCATIONS, 1);
        return fetched.withReason(Reason.RENDER_TRUNCATED, result.message());
      }
      case TIMEOUT -> {
        LOG.info("{} not rendered in {} ms: parsed from its HTML", url, settings.timeoutMillis);
        counters.count(RenderCounter.RENDER_TIMEOUTS, 1);
        return fetched.withReason(Reason.RENDER_TIMEOUT, "");
      }
      default -> {
        LOG.warn("{} not rendered: {}", url, result.message());
        counters.count(RenderCounter.RENDER_FAILURES, 1);
        return fetched.withReason(Reason.RENDER_FAILED, result.message());
      }
    }
  }

  /**
   * Why a fetch outcome is not rendered, or null when it is to be: only an HTML 200 whose URL the
   * rules select is.
   */
  public String notRendered(ProtocolOutput fetched) {
    Content content = fetched.getContent();
    if (fetched.getStatus() != CrawlStatus.FETCH_SUCCESS
        || fetched.getHttpCode() != 200
        || content == null) {
      return "not a 200 fetch_success";
    }
    if (!MimeTypes.isHtml(MimeTypes.base(content.getContentType()))) {
      return "not HTML: " + content.getContentType();
    }
    if (!settings.matches(content.getFinalUrl())) {
      return "no rule of " + RenderKeys.RULES + " matches";
    }
    return null;
  }

  /**
   * How long a render may take, from the moment it has its place in the pool: a browser (re)start,
   * the page, and stopping a browser that hung; longer is a bug, for the fetcher's watchdog.
   */
  public long stuckAfterMillis() {
    return 2 * settings.timeoutMillis + BrowserProcess.START_MILLIS + BrowserProcess.STOP_MILLIS;
  }

  /**
   * What the fetcher's watchdog is told of a render: the wait for a free browser is no hang, and
   * the render itself is timed against {@link #stuckAfterMillis()}, not the fetch's deadline.
   */
  public interface Watch {
    /** Waiting for a free browser (other pages render meanwhile, each bounded). */
    void waitingForBrowser();

    /** The render starts now. */
    void rendering();

    /** For a caller without a watchdog. */
    Watch NONE =
        new Watch() {
          @Override
          public void waitingForBrowser() {}

          @Override
          public void rendering() {}
        };
  }

  @Override
  public void close() {
    pool.close();
  }
}
