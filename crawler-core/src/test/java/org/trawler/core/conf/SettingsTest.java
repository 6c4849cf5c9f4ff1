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
}
