package org.trawler.core.parse;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.Content;
import org.trawler.core.plugin.Plugin;
import org.trawler.core.plugin.PluginNames;
import org.trawler.core.plugin.Plugins;

/**
 * A page's signature, for change detection (updatedb) and duplicate detection (dedup). An extension
 * point, made by {@link Plugins}.
 */
public interface Signature extends Plugin {
  /** The signature; {@code text} is the page's parse text, null when the page was not parsed. */
  byte[] calculate(Content content, String text);

  /**
   * The signature named by db.signature.class: md5, text or a class name; another value is a
   * BadSettingException.
   */
  static Signature create(Configuration conf) {
    return create(conf, new PluginNames(conf));
  }

  /** As {@link #create(Configuration)}, a short name looked up in {@code names}. */
  static Signature create(Configuration conf, PluginNames names) {
    return Plugins.create(
        conf,
        names,
        ParseKeys.SIGNATURE_CLASS,
        conf.get(ParseKeys.SIGNATURE_CLASS, ParseKeys.DEFAULT_SIGNATURE_CLASS),
        Signature.class);
  }

  /** The MD5 digest of some bytes. */
  static byte[] md5(byte[] bytes) {
    try {
      return MessageDigest.getInstance("MD5").digest(bytes);
    } catch (NoSuchAlgorithmException e) { // every Java platform must have MD5
      throw new IllegalStateException(e);
    }
  }
}
