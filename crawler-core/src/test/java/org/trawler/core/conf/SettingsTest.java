package org.trawler.core.conf;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;

public class SettingsTest {

  @Test
  public void unsetKeysGiveTheDefaultAndNumbersParse() {
    Configuration conf = new Configuration(false);
    conf.set("a.int", "7");
    conf.set("a.float", "2.5");
    assertEquals(7, Settings.getInt(conf, "a.int", 1));
    assertEquals(3, Settings.getInt(conf, "unset", 3));
    assertEquals(7L, Settings.getLong(conf, "a.int", 1));
    assertEquals(2.5f, Settings.getFloat(conf, "a.float", 1), 0);
    assertEquals(2.5, Settings.getDouble(conf, "a.float", 1), 0);
  }

  @Test
  public void aValueThatIsNotANumberIsABadSettingNamingTheKeyAndTheValue() {
    Configuration conf = new Configuration(false);
    conf.set("fetcher.threads.fetch", "ten");
    try {
      Settings.getInt(conf, "fetcher.threads.fetch", 10);
      fail("accepted ten");
    } catch (BadSettingException e) {
      assertEquals("fetcher.threads.fetch", e.key());
      assertEquals("fetcher.threads.fetch: 'ten' is not a whole number", e.getMessage());
    }
    conf.set("fetcher.server.delay", "soon");
    try {
      Settings.getFloat(conf, "fetcher.server.delay", 5);
      fail("accepted soon");
    } catch (BadSettingException e) {
      assertEquals("fetcher.server.delay: 'soon' is not a number", e.getMessage());
    }
  }

  @Test
  public void aValueOutOfItsRangeIsABadSettingInOneWording() {
    Configuration conf = new Configuration(false);
    conf.set("a.int", "0");
    conf.set("a.size", "3g");
    conf.set("a.float", "NaN");
    conf.set("a.double", "1.5");
    assertEquals(0, Settings.getInt(conf, "a.int", 1, -1, Integer.MAX_VALUE));
    String[][] cases = {
      {"a.int", "a.int: must be at least 1, not 0"},
      {"a.size", "a.size: must be from 1 to 2147483647, not 3221225472"},
      {"a.float", "a.float: must be at least 0.0, not NaN"},
      {"a.double", "a.double: must be from 0.0 to 1.0, not 1.5"},
    };
    for (String[] c : cases) {
      try {
        switch (c[0]) {
          case "a.int" -> Settings.getInt(conf, c[0], 1, 1, Integer.MAX_VALUE);
          case "a.size" -> Settings.getBytes(conf, c[0], 1, 1, Integer.MAX_VALUE);
          case "a.float" -> Settings.getFloat(conf, c[0], 1, 0, Float.MAX_VALUE);
          default -> Settings.getDouble(conf, c[0], 1, 0, 1);
        }
        fail("accepted " + c[0]);
      } catch (BadSettingException e) {
        assertEquals(c[0], e.key());
        assertEquals(c[1], e.getMessage());
      }
    }
  }
}
