package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;

import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.politeness.PolitenessKeys;

/**
 * A page on an allowed loopback address links to every spelling of a non-public address: the crawl
 * fetches none of them, and each ends gone with reason address_denied. Every link but the page's
 * own host goes through a proxy on loopback, whose target the policy judges before the request:
 * were the guard ever broken, the requests would reach that proxy, never the network, and it must
 * see none.
 */
public class AddressDenyCrawlTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static final List<String> FORMS =
      List.of(
          "http://2130706433/",
          "http://0177.0.0.1/",
          "http://0x7f.0.0.1/",
          "http://[::ffff:127.0.0.1]/",
          "http://[::1]/",
          "http://0.0.0.0/",
          "http://[::]/",
          "http://127.0.0.1/",
          "http://localhost/",
          "http://10.0.0.1/",
          "http://172.16.0.1/",
          "http://192.168.0.1/",
          "http://100.64.0.1/",
          "http://169.254.169.254/latest/meta-data/",
          "http://[fd00:ec2::254]/",
          "http://[64:ff9b::a00:1]/",
          "http://[2002:a00:1::]/");

  @Test
  public void aPageLinkingToEveryNonPublicFormGetsNoneOfThemFetched() throws Exception {
    try (RecordingServer site = new RecordingServer("127.0.0.5");
        RecordingServer proxy = new RecordingServer("127.0.0.6")) {
      StringBuilder html = new StringBuilder("<html><body>");
      FORMS.forEach(u -> html.append("<a href=\"").append(u).append("\">x</a> "));
      site.respond(
          "/",
          new RecordingServer.Response(200, html.append("</body></html>").toString(), 0, Map.of()));
      File seeds = tmp.newFolder("seeds");
      Files.writeString(
          new File(seeds, "seeds.txt").toPath(), site.url("/") + "\n", StandardCharsets.UTF_8);
      Configuration conf = Segments.localConf(tmp.getRoot());
      conf.set(ProtocolKeys.ADDRESS_ALLOW, "127.0.0.5"); // the site alone, not the tests' 127/8
      conf.set(ProtocolKeys.PROXY_HOST, "127.0.0.6");
      conf.setInt(ProtocolKeys.PROXY_PORT, URI.create(proxy.url("/")).getPort());
      conf.set(ProtocolKeys.PROXY_EXCEPTION_LIST, "127.0.0.5");
      conf.set(PolitenessKeys.SERVER_DELAY, "0");
      File crawl = new File(tmp.getRoot(), "crawl");

      CommandRun run = CommandRun.run(conf, "run", seeds.getPath(), crawl.getPath(), "2");
      assertEquals(run.toString(), 0, run.exitCode);

      Map<String, String> outcomes = new TreeMap<>();
      PartFiles.read(
          conf,
          VersionedDb.current(new Path(crawl.getPath(), "crawldb")),
          new Text(),
          new CrawlDatum(),
          (k, v) ->
              outcomes.put(
                  k.toString(),
                  v.statusLabel()
                      + " "
                      + ProtocolOutput.reasonOf(v.getMetaString(MetadataKeys.PROTOCOL_STATUS))));
      Map<String, String> expected = new TreeMap<>();
      expected.put(site.url("/"), "db_fetched ok");
      FORMS.forEach(u -> expected.put(u, "db_gone address_denied"));
      assertEquals(expected, outcomes);
      assertEquals(List.of(), proxy.requests());
      assertEquals(1, site.pageRequests().size());
    }
  }
}
