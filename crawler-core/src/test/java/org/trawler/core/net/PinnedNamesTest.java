package org.trawler.core.net;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.BadSettingException;

public class PinnedNamesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static Configuration resolving(String value) {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.RESOLVE, value);
    return conf;
  }

  private static InetAddress[] addresses(String... literals) throws IOException {
    InetAddress[] all = new InetAddress[literals.length];
    for (int i = 0; i < literals.length; i++) {
      all[i] = InetAddress.getByName(literals[i]);
    }
    return all;
  }

  @Test
  public void namesArePinnedAsCurlResolveWritesThem() throws IOException {
    PinnedNames names =
        PinnedNames.fromSettings(
            resolving(
                "www.amber-3.test:127.0.0.2, blog.amber-3.test:127.0.0.2,"
                    + "v6.test:[::1],www.amber-3.test:127.0.0.3"));
    assertEquals(3, names.size());
    assertArrayEquals(addresses("127.0.0.2", "127.0.0.3"), names.pinned("www.amber-3.test"));
    assertArrayEquals(addresses("127.0.0.2"), names.pinned("BLOG.amber-3.test"));
    assertArrayEquals(addresses("::1"), names.pinned("v6.test"));
    assertNull(names.pinned("amber-3.test"));
  }

  @Test
  public void aFileAddsOneNamePerLine() throws IOException {
    Path file = tmp.newFile("resolve.txt").toPath();
    Files.writeString(
        file,
        "# simweb --profile web\nwww.a.test 127.0.0.4\n\nb.test   127.0.0.5  # the bare domain\n",
        StandardCharsets.UTF_8);
    Configuration conf = resolving("c.test:127.0.0.6");
    conf.set(NetKeys.RESOLVE_FILE, file.toString());
    PinnedNames names = PinnedNames.fromSettings(conf);
    assertEquals(3, names.size());
    assertArrayEquals(addresses("127.0.0.4"), names.pinned("www.a.test"));
    assertArrayEquals(addresses("127.0.0.5"), names.pinned("b.test"));
    assertArrayEquals(addresses("127.0.0.6"), names.resolve("c.test"));
  }

  @Test
  public void nothingSetPinsNothing() {
    assertTrue(PinnedNames.fromSettings(new Configuration(false)).isEmpty());
    assertTrue(PinnedNames.fromSettings(resolving("")).isEmpty());
  }

  @Test
  public void aNameIsNeverPinnedToAnotherName() {
    assertRefused(resolving("www.a.test:www.b.test"), NetKeys.RESOLVE);
    assertRefused(resolving("www.a.test"), NetKeys.RESOLVE);
    assertRefused(resolving(":127.0.0.1"), NetKeys.RESOLVE);
  }

  @Test
  public void aBadFileLineOrAMissingFileIsABadSetting() throws IOException {
    Path file = tmp.newFile("bad.txt").toPath();
    Files.writeString(file, "www.a.test 127.0.0.4 extra\n", StandardCharsets.UTF_8);
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.RESOLVE_FILE, file.toString());
    assertRefused(conf, NetKeys.RESOLVE_FILE);
    conf.set(NetKeys.RESOLVE_FILE, tmp.getRoot() + "/missing.txt");
    assertRefused(conf, NetKeys.RESOLVE_FILE);
  }

  @Test
  public void byIpGroupingUsesThePinnedAddress() {
    HostAddresses addresses =
        HostAddresses.fromSettings(resolving("www.a.test:127.0.0.9,www.a.test:127.0.0.4"));
    assertEquals("127.0.0.4", addresses.addressOf("www.a.test"));
  }

  private static void assertRefused(Configuration conf, String key) {
    try {
      PinnedNames.fromSettings(conf);
      fail("must be refused");
    } catch (BadSettingException e) {
      assertEquals(key, e.key());
    }
  }
}
