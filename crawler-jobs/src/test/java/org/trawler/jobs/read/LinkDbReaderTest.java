package org.trawler.jobs.read;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Inlinks;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/** readlinkdb on a linkdb written by hand: a base and one generation, read as one. */
public class LinkDbReaderTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private String linkDb;

  private static Inlinks inlinks(String... fromAndAnchor) {
    Inlinks in = new Inlinks();
    for (int i = 0; i < fromAndAnchor.length; i += 2) {
      in.add(fromAndAnchor[i], fromAndAnchor[i + 1]);
    }
    return in;
  }

  @Before
  public void setUp() throws Exception {
    conf = LocalJobFixtures.localConf();
    linkDb = tmp.getRoot().toPath().resolve("linkdb").toString();
    TreeMap<String, Inlinks> base = new TreeMap<>();
    base.put("http://a.com/", inlinks("http://b.com/", "home of a"));
    base.put("http://c.com/", inlinks("http://a.com/", "see c"));
    LocalJobFixtures.writeMapFile(conf, new Path(linkDb, "current"), Inlinks.class, base);
    TreeMap<String, Inlinks> generation = new TreeMap<>();
    generation.put("http://a.com/", inlinks("http://d.com/", "a again"));
    generation.put("http://b.com/", inlinks("http://a.com/", "b"));
    LocalJobFixtures.writeMapFile(
        conf, new Path(linkDb, "current/gen-000001"), Inlinks.class, generation);
  }

  @Test
  public void urlPrintsThePagesInlinksFromBaseAndGenerations() throws Exception {
    CommandRun run = CommandRun.run(conf, "readlinkdb", linkDb, "-url", "http://a.com/");
    assertEquals(run.toString(), 0, run.exitCode);
    assertEquals(
        "{\"url\":\"http://a.com/\",\"inlinks\":[{\"from\":\"http://b.com/\",\"anchor\":\"home of a\"},"
            + "{\"from\":\"http://d.com/\",\"anchor\":\"a again\"}]}\n",
        run.out);
  }

  @Test
  public void aPageWithoutInlinksExitsOne() throws Exception {
    CommandRun run = CommandRun.run(conf, "readlinkdb", linkDb, "-url", "http://z.com/");
    assertEquals(run.toString(), 1, run.exitCode);
    assertTrue(run.err, run.err.contains("http://z.com/ has no inlinks in " + linkDb));
  }

  @Test
  public void dumpWritesEveryPageOnceInUrlOrder() throws Exception {
    String out = tmp.getRoot().toPath().resolve("dump").toString();
    CommandRun run = CommandRun.run(conf, "readlinkdb", linkDb, "-dump", out);
    assertEquals(run.toString(), 0, run.exitCode);
    java.nio.file.Path file = java.nio.file.Path.of(out, "inlinks.json");
    assertEquals("readlinkdb: wrote 3 pages to " + file + "\n", run.out);
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertEquals(
        List.of(
            "{\"url\":\"http://a.com/\",\"inlinks\":[{\"from\":\"http://b.com/\",\"anchor\":\"home of a\"},"
                + "{\"from\":\"http://d.com/\",\"anchor\":\"a again\"}]}",
            "{\"url\":\"http://b.com/\",\"inlinks\":[{\"from\":\"http://a.com/\",\"anchor\":\"b\"}]}",
            "{\"url\":\"http://c.com/\",\"inlinks\":[{\"from\":\"http://a.com/\",\"anchor\":\"see c\"}]}"),
        lines);
  }

  @Test
  public void aMissingLinkDbIsOneLine() throws Exception {
    CommandRun run =
        CommandRun.run(conf, "readlinkdb", linkDb + "-missing", "-url", "http://a.com/");
    assertEquals(run.toString(), 3, run.exitCode);
    assertEquals(1, run.errLines().length);
  }
}
