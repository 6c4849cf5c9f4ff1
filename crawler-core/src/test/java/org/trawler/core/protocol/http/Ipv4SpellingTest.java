package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.junit.Test;

public class Ipv4SpellingTest {
  @Test
  public void everySpellingABrowserAcceptsIsReadAsItReadsIt() {
    String[][] spellings = {
      {"127.0.0.1", "127.0.0.1"},
      {"2130706433", "127.0.0.1"},
      {"0177.0.0.1", "127.0.0.1"},
      {"0x7f.0.0.1", "127.0.0.1"},
      {"0X7F.0.0.1", "127.0.0.1"},
      {"0x7f000001", "127.0.0.1"},
      {"127.1", "127.0.0.1"},
      {"127.0.1", "127.0.0.1"},
      {"0", "0.0.0.0"},
      {"0x", "0.0.0.0"},
      {"10.0.0.1.", "10.0.0.1"},
      {"017700000001", "127.0.0.1"},
      {"4294967295", "255.255.255.255"},
    };
    for (String[] s : spellings) {
      assertEquals(s[0], s[1], Ipv4Spelling.dotted(s[0]));
    }
  }

  @Test
  public void namesAndOutOfRangeNumbersAreNotAddresses() {
    for (String host :
        new String[] {
          "example.com",
          "0x7f.example",
          "1.2.3.4.5",
          "256.0.0.1",
          "4294967296",
          "1..2",
          "",
          ".",
          "08.0.0.1",
          "[::1]",
          "::1",
          "1.2.3.0x1g",
          "\u0661.2.3.4"
        }) {
      assertNull(host, Ipv4Spelling.dotted(host));
    }
  }
}
