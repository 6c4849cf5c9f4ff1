package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.net.HostGroup;
import org.trawler.jobs.politeness.QueueIds;

public class QueueFeederTest {

  /** A fetch list of {@code size} URLs spread over {@code hosts} hosts, made up as it is read. */
  private static QueueFeeder.FetchList syntheticList(int size, int hosts) {
    int[] next = {0};
    return (url, datum) -> {
      if (next[0] == size) {
        return false;
      }
      int i = next[0]++;
      url.set("http://host" + (i % hosts) + ".test/page" + i);
      datum.set(Segments.generated());
      return true;
    };
  }

  private static QueueFeeder.FetchList listOf(String... urls) {
    int[] next = {0};
    return (url, datum) -> {
      if (next[0] == urls.length) {
        return false;
      }
      url.set(urls[next[0]++]);
      datum.set(Segments.generated());
      return true;
    };
  }

  @Test
  public void aHundredThousandUrlListNeverHoldsMoreThanTheCapacity() throws Exception {
    int threads = 10;
    int capacity = 5 * threads;
    FetchQueues queues = new FetchQueues(capacity, 1, 0, -1, System::currentTimeMillis);
    FetchRecorder recorder = new FetchRecorder(new ListOutput(), false, null);
    QueueFeeder feeder =
        new QueueFeeder(
            syntheticList(100_000, 1000),
            queues,
            new QueueIds(HostGroup.HOST),
            recorder,
            System::currentTimeMillis);
    AtomicLong taken = new AtomicLong();
    List<Thread> fetchers = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      Thread t =
          new Thread(
              () -> {
                try {
                  FetchItem item;
                  while ((item = queues.take()) != null) {
                    taken.incrementAndGet();
                    queues.finish(item, System.currentTimeMillis(), true, 0, false);
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      fetchers.add(t);
    }
    feeder.start();
    fetchers.forEach(Thread::start);
    feeder.join(120_000);
    for (Thread t : fetchers) {
      t.join(10_000);
      assertFalse(t.isAlive());
    }
    assertEquals(100_000, feeder.fed());
    assertEquals(100_000, taken.get());
    int peak = queues.stats(0).peakHeld();
    assertTrue("held at most " + capacity + " items, saw " + peak, peak <= capacity);
    assertTrue(feeder.isDone());
  }

  @Test
  public void aMalformedUrlIsRecordedGoneAndTheRestIsFed() throws Exception {
    FetchQueues queues = new FetchQueues(10, 1, 0, -1, System::currentTimeMillis);
    ListOutput out = new ListOutput();
    QueueFeeder feeder =
        new QueueFeeder(
            listOf("no url at all", "http://a.test/"),
            queues,
            new QueueIds(HostGroup.HOST),
            new FetchRecorder(out, true, null),
            System::currentTimeMillis);
    feeder.run();
    CrawlDatum gone = out.datums().get("no url at all");
    assertEquals(CrawlStatus.FETCH_GONE, gone.getStatus());
    assertTrue(gone.getMetaString(MetadataKeys.PROTOCOL_STATUS).startsWith("0 malformed_url"));
    assertEquals(1, queues.stats(0).queued());
    assertEquals(2, feeder.fed());
  }

  @Test
  public void anHttpUrlWithoutSlashesIsMalformedNotAnotherScheme() throws Exception {
    FetchQueues queues = new FetchQueues(10, 1, 0, -1, System::currentTimeMillis);
    ListOutput out = new ListOutput();
    new QueueFeeder(
            listOf(
                "http:/x", "HTTPS:example.com/a", "http://", "file:/etc/passwd", "http://a.test/"),
            queues,
            new QueueIds(HostGroup.HOST),
            new FetchRecorder(out, true, null),
            System::currentTimeMillis)
        .run();
    for (String url : List.of("http:/x", "HTTPS:example.com/a", "http://")) {
      CrawlDatum gone = out.datums().get(url);
      assertEquals(url, CrawlStatus.FETCH_GONE, gone.getStatus());
      String status = gone.getMetaString(MetadataKeys.PROTOCOL_STATUS);
      assertTrue(url + ": " + status, status.startsWith("0 malformed_url"));
    }
    String other = out.datums().get("file:/etc/passwd").getMetaString(MetadataKeys.PROTOCOL_STATUS);
    assertTrue(other, other.startsWith("0 scheme_not_allowed file:"));
    assertEquals(1, queues.stats(0).queued());
  }

  @Test
  public void afterAHaltTheRestOfTheListIsCountedNotQueued() throws Exception {
    FetchQueues queues = new FetchQueues(10, 1, 0, -1, System::currentTimeMillis);
    queues.halt();
    QueueFeeder feeder =
        new QueueFeeder(
            syntheticList(25, 3),
            queues,
            new QueueIds(HostGroup.HOST),
            new FetchRecorder(new ListOutput(), true, null),
            System::currentTimeMillis);
    feeder.run();
    assertEquals(0, feeder.fed());
    assertEquals(25, feeder.skipped());
    assertEquals(0, queues.stats(0).queued());
  }

  @Test
  public void anUnreadableListEndsFeedingWithACounter() throws Exception {
    FetchQueues queues = new FetchQueues(10, 1, 0, -1, System::currentTimeMillis);
    ListOutput out = new ListOutput();
    QueueFeeder.FetchList broken =
        (url, datum) -> {
          throw new java.io.IOException("checksum error");
        };
    QueueFeeder feeder =
        new QueueFeeder(
            broken,
            queues,
            new QueueIds(HostGroup.HOST),
            new FetchRecorder(out, true, null),
            System::currentTimeMillis);
    feeder.run();
    assertTrue(feeder.isDone());
    assertEquals(1, out.counter(FetchCounter.GROUP, "fetch_list_unreadable"));
    assertEquals(null, queues.take());
  }

  @Test
  public void itemsCopyTheReusedKeyAndDatum() throws Exception {
    FetchQueues queues = new FetchQueues(10, 1, 0, -1, System::currentTimeMillis);
    new QueueFeeder(
            listOf("http://a.test/1", "http://b.test/2"),
            queues,
            new QueueIds(HostGroup.HOST),
            new FetchRecorder(new ListOutput(), true, null),
            System::currentTimeMillis)
        .run();
    List<String> urls = new ArrayList<>();
    FetchItem item;
    while ((item = queues.take()) != null) {
      urls.add(item.url.toString());
      queues.finish(item, 0, true, 0, false);
    }
    assertEquals(List.of("http://a.test/1", "http://b.test/2"), urls);
  }
}
