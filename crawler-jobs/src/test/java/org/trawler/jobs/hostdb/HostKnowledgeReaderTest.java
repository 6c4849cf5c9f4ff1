package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.HostDatum;

/** One read of the hostdb gives a task every fact a phase asks of a host, and only those hosts. */
public class HostKnowledgeReaderTest {
  private static final long NOW = 1_000_000_000L;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration handedOver(boolean probe) throws IOException {
    HostDatum failing = new HostDatum();
    failing.setFailedRounds(2, NOW - 1);
    HostDatum busy = new HostDatum();
    busy.setBackoff(1, NOW + 60_000);
    HostDatum over = new HostDatum();
    over.setBackoff(1, NOW);
    HostDatum shop = new HostDatum();
    shop.setIrrelevantParams(Map.of("vid", 3));
    shop.setTraps(Map.of("/calendar/{n}-{n}/", new HostDatum.Trap(6, 2)));
    HostDatum probed = Soft404.answer(HostDatum.Soft404.REAL_404, OptionalLong.empty(), NOW);
    Path hostDb =
        HostDbFiles.write(
            new Path(tmp.getRoot().getPath(), "hostdb"),
            Map.of(
                "failing.test", failing,
                "busy.test", busy,
                "over.test", over,
                "shop.test", shop,
                "probed.test", probed));
    Configuration conf = new Configuration();
    conf.setBoolean(Soft404Keys.PROBE, probe);
    HostKnowledgeReader.handOver(conf, hostDb, List.of());
    return conf;
  }

  @Test
  public void everyFactOfTheHostDbIsReadInOnePass() throws IOException {
    HostKnowledge known = HostKnowledgeReader.read(handedOver(true), NOW);
    assertEquals(Set.of("failing.test", "busy.test"), known.watchedHosts());
    assertEquals(2, known.watched("failing.test").getFailedRounds());
    assertEquals(Map.of("/calendar/{n}-{n}/", 2), known.trapBudgets("shop.test"));
    assertNull(known.trapBudgets("busy.test"));
    assertEquals(Map.of("shop.test", Set.of("vid")), known.learnedParams().learned());
    assertEquals(
        "http://shop.test/p?id=1",
        known.learnedParams().normalize("http://shop.test/p?id=1&vid=k3", null));
    assertEquals(HostDatum.Soft404.REAL_404, known.probeOf("probed.test").getSoft404());
    assertEquals(1, known.probedHosts());
  }

  @Test
  public void theHostDbsProbeAnswersAreKeptOnlyWithTheProbeOn() throws IOException {
    HostKnowledge known = HostKnowledgeReader.read(handedOver(false), NOW);
    assertNull(known.probeOf("probed.test"));
    assertEquals(Set.of("failing.test", "busy.test"), known.watchedHosts());
  }

  @Test
  public void aTaskHandedNoHostDbKnowsNothing() throws IOException {
    assertSame(HostKnowledge.NONE, HostKnowledgeReader.read(new Configuration(), NOW));
    assertEquals(true, HostKnowledge.NONE.isEmpty());
  }
}
