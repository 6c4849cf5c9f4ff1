package org.trawler.simweb;

import static org.junit.Assert.assertEquals;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.protocol.ProtocolKeys;

public class ServedAddressesTest {
  @Test
  public void theFewestBlocksHoldExactlyTheServedAddresses() {
    assertEquals(List.of("127.0.0.2/32"), ServedAddresses.blocks(SiteModel.addresses(1)));
    assertEquals(
        List.of("127.0.0.2/31", "127.0.0.4/32"), ServedAddresses.blocks(SiteModel.addresses(3)));
    // 253 hosts fill 127.0.0.2-254; the 254th is 127.0.1.2: never .0, .1 or .255 of a block.
    assertEquals(
        List.of(
            "127.0.0.2/31",
            "127.0.0.4/30",
            "127.0.0.8/29",
            "127.0.0.16/28",
            "127.0.0.32/27",
            "127.0.0.64/26",
            "127.0.0.128/26",
            "127.0.0.192/27",
            "127.0.0.224/28",
            "127.0.0.240/29",
            "127.0.0.248/30",
            "127.0.0.252/31",
            "127.0.0.254/32",
            "127.0.1.2/32"),
        ServedAddresses.blocks(SiteModel.addresses(254)));
  }

  @Test
  public void theServedAddressesAreAddedToWhatTheUserAllowed() {
    Configuration conf = new Configuration(false);
    conf.set(ProtocolKeys.ADDRESS_ALLOW, "10.1.0.0/16");
    ServedAddresses.allow(conf, List.of("127.0.0.2", "127.0.0.3"), "test");
    assertEquals("10.1.0.0/16,127.0.0.2/31", conf.get(ProtocolKeys.ADDRESS_ALLOW));
    assertEquals(
        "-D http.address.allow=127.0.0.2/31",
        ServedAddresses.option(List.of("127.0.0.3", "127.0.0.2")));
    // what bench vs-wget hands its crawl's JVM: the site's three hosts, nothing else of 127/8
    assertEquals(
        "http.address.allow=127.0.0.2/31,127.0.0.4/32",
        ServedAddresses.setting(List.of("127.0.0.2", "127.0.0.3", "127.0.0.4")));
  }
}
