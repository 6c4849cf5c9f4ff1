package org.trawler.jobs.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.reactor.IOReactorConfig;

/**
 * The experiment the benchmark asks for when blocking threads fall short of the politeness bound:
 * the fetcher's schedule (per host robots.txt, then one page at a time, each starting the delay
 * after the previous one ended) on HttpClient 5's asynchronous client: a few I/O reactor threads
 * and at most {@code concurrency} requests in flight instead of one thread per request. It only
 * fetches: no job, no parse, no output, so it is compared with the fetch task's own fetching time.
 */
final class AsyncFetchProbe implements Benchmark.Report {
  private final BenchReport.Settings settings;
  private final long delayMillis;
  /** Requests in flight at most: what the fetcher's threads are. */
  private final Semaphore slots;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
  private final AtomicLong fetched = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private double seconds;
  private double cpuSeconds;

  AsyncFetchProbe(BenchReport.Settings settings) {
    this.settings = settings;
    this.delayMillis = Math.round(settings.delaySeconds() * 1000);
    this.slots = new Semaphore(settings.threads());
  }

  /** Fetches every URL of the list (grouped by host, in list order) and measures it. */
  AsyncFetchProbe run(List<String> urls) throws Exception {
    Map<String, Deque<String>> hosts = new LinkedHashMap<>();
    for (String url : urls) {
      hosts.computeIfAbsent(URI.create(url).getRawAuthority(), h -> new ArrayDeque<>()).add(url);
    }
    CountDownLatch hostsDone = new CountDownLatch(hosts.size());
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    try (CloseableHttpAsyncClient client = HttpAsyncClients.custom()
        .setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create()
            .setMaxConnTotal(settings.threads()).setMaxConnPerRoute(1).build())
        .setIOReactorConfig(IOReactorConfig.custom()
            .setIoThreadCount(Runtime.getRuntime().availableProcessors()).build())
        .build()) {
      client.start();
      long cpu0 = os.getProcessCpuTime();
      long t0 = System.nanoTime();
      for (Deque<String> hostUrls : hosts.values()) {
        Host h = new Host(client, hostUrls, hostsDone);
        String first = hostUrls.peek();
        timer.execute(() -> h.request(first.substring(0, first.indexOf('/', 8)) + "/robots.txt", false));
      }
      hostsDone.await();
      seconds = (System.nanoTime() - t0) / 1e9;
      cpuSeconds = (os.getProcessCpuTime() - cpu0) / 1e9;
    } finally {
      timer.shutdownNow();
    }
    return this;
  }

  long pages() {
    return fetched.get();
  }

  long failures() {
    return failed.get();
  }

  double seconds() {
    return seconds;
  }

  /** One host's requests, one at a time; the next starts the delay after the last one ended. */
  private final class Host {
    private final CloseableHttpAsyncClient client;
    private final Deque<String> urls;
    private final CountDownLatch done;

    Host(CloseableHttpAsyncClient client, Deque<String> urls, CountDownLatch done) {
      this.client = client;
      this.urls = urls;
      this.done = done;
    }

    /** Runs on the timer thread: waits for a free slot, as a fetcher thread would be one. */
    void request(String url, boolean page) {
      slots.acquireUninterruptibly();
      client.execute(SimpleRequestBuilder.get(url).build(), new FutureCallback<SimpleHttpResponse>() {
        @Override
        public void completed(SimpleHttpResponse response) {
          ended(page, response.getCode() < 400 || !page);
        }

        @Override
        public void failed(Exception e) {
          ended(page, false);
        }

        @Override
        public void cancelled() {
          ended(page, false);
        }
      });
    }

    private void ended(boolean page, boolean ok) {
      slots.release();
      if (page) {
        (ok ? fetched : failed).incrementAndGet();
      }
      String next;
      synchronized (urls) { // one request per host at a time, but callbacks run on reactor threads
        next = urls.poll();
      }
      if (next == null) {
        done.countDown();
      } else {
        timer.schedule(() -> request(next, true), page ? delayMillis : 0, TimeUnit.MILLISECONDS); // robots.txt: no delay
      }
    }
  }

  @Override
  public void print(PrintStream out) {
    double bound = settings.bound();
    out.printf("%nasync probe: %d hosts x %d pages, latency %d ms, delay %.2f s, at most %d requests in flight%n",
        settings.hosts(), settings.pages(), settings.latencyMs(), settings.delaySeconds(), settings.threads());
    out.printf("async probe: %d pages (%d failed) in %.2f s = %.1f pages/s; bound %.1f pages/s; ratio %.3f; %.2f CPU s"
        + " (fetching only: compare with the fetch task's own time, not the job's)%n", pages(), failures(), seconds,
        pages() / seconds, bound, pages() / seconds / bound, cpuSeconds);
  }

  @Override
  public void writeJson(JsonWriter j) throws IOException {
    j.beginObject().name("asyncProbe").beginObject()
        .name("hosts").value(settings.hosts()).name("pages").value(pages()).name("failed").value(failures())
        .name("seconds").value(seconds).name("pagesPerSecond").value(pages() / seconds)
        .name("bound").value(settings.bound()).name("ratio").value(pages() / seconds / settings.bound())
        .name("cpuSeconds").value(cpuSeconds).endObject().endObject();
  }
}
