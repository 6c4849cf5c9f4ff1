package org.trawler.core.plugin;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.parse.MD5Signature;
import org.trawler.core.parse.Signature;
import org.trawler.core.parse.TextSignature;

public class PluginsTest {
  private final Configuration conf = CrawlerConfiguration.create();

  /** A user's signature, configured once: the length of the content plus a configured number. */
  public static class CountedSignature implements Signature {
    int configured;
    int plus;

    @Override
    public void configure(Configuration conf) {
      configured++;
      plus = conf.getInt("test.plus", 0);
    }

    @Override
    public byte[] calculate(Content content, String text) {
      return new byte[] {(byte) (content.getContent().length + plus)};
    }
  }

  /** Not a plug-in Plugins can make: it wants an argument. */
  public static class NeedsArgument implements Signature {
    public NeedsArgument(String argument) {}

    @Override
    public byte[] calculate(Content content, String text) {
      return new byte[0];
    }
  }

  @Test
  public void aShortNameAndAClassNameMakeTheSamePlugin() {
    assertTrue(Plugins.create(conf, "k", "md5", Signature.class) instanceof MD5Signature);
    assertTrue(Plugins.create(conf, "k", "TEXT", Signature.class) instanceof TextSignature);
    assertTrue(
        Plugins.create(conf, "k", MD5Signature.class.getName(), Signature.class)
            instanceof MD5Signature);
  }

  @Test
  public void aPluginIsConfiguredOnceWithTheConfiguration() {
    conf.setInt("test.plus", 5);
    CountedSignature s =
        (CountedSignature)
            Plugins.create(conf, "k", " " + CountedSignature.class.getName(), Signature.class);
    assertEquals(1, s.configured);
    assertEquals(5, s.plus);
  }

  @Test
  public void createAllMakesOnePerNameInOrder() {
    List<Signature> made = Plugins.createAll(conf, "k", "text, md5 text", Signature.class);
    assertEquals(3, made.size());
    assertTrue(made.get(0) instanceof TextSignature);
    assertTrue(made.get(1) instanceof MD5Signature);
    assertTrue(made.get(2) instanceof TextSignature);
  }

  @Test
  public void everyMistakeIsOneLineNamingTheKeyAndTheClass() {
    expect(
        "org.example.Nope",
        "db.signature.class: class org.example.Nope is not on the classpath (names: md5, text)");
    expect(
        "sha1",
        "db.signature.class: no signature named 'sha1' on the classpath (names: md5, text)");
    expect(
        String.class.getName(),
        "db.signature.class: class java.lang.String is not a " + Signature.class.getName());
    expect(
        NeedsArgument.class.getName(),
        "db.signature.class: class "
            + NeedsArgument.class.getName()
            + " has no constructor without arguments");
  }

  @Test
  public void namesReadOnceServeEveryCreateOfASet() {
    PluginNames names = new PluginNames(conf);
    assertEquals("[md5, text]", names.of(ExtensionPoint.SIGNATURE).keySet().toString());
    assertTrue(Plugins.create(conf, names, "k", "Md5", Signature.class) instanceof MD5Signature);
    Class<? extends Signature> c = Plugins.classOf(conf, names, "k", "text", Signature.class);
    assertTrue(Plugins.create(conf, "k", c) instanceof TextSignature);
  }

  @Test(expected = IllegalStateException.class)
  public void anInterfaceOutsideTheTableIsABug() {
    ExtensionPoint.of(Runnable.class);
  }

  private void expect(String name, String message) {
    try {
      Plugins.create(conf, "db.signature.class", name, Signature.class);
      fail("made " + name);
    } catch (BadSettingException e) {
      assertEquals(message, e.getMessage());
      assertEquals("db.signature.class", e.key());
    }
  }
}
