package org.trawler.core.parse;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ReflectionUtils;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.Content;

/**
 * A page's signature, for change detection (updatedb) and duplicate detection (dedup).
 * Implementations need a no-argument constructor and may implement Configurable.
 */
public interface Signature {
  /** The signature; {@code text} is the page's parse text, null when the page was not parsed. */
  byte[] calculate(Content content, String text);

  /**
   * The signature named by db.signature.class: md5, text or a class name; another value is a
   * BadSettingException.
   */
  static Signature create(Configuration conf) {
    String name = conf.get(ParseKeys.SIGNATURE_CLASS, ParseKeys.DEFAULT_SIGNATURE_CLASS).trim();
    switch (name.toLowerCase(Locale.ROOT)) {
      case ParseKeys.SIGNATURE_MD5_VALUE:
        return new MD5Signature();
      case ParseKeys.SIGNATURE_TEXT_VALUE:
        return new TextSignature();
      default:
        break;
    }
    Class<?> c;
    try {
      c = conf.getClassByName(name);
    } catch (ClassNotFoundException e) {
      throw new BadSettingException(
          ParseKeys.SIGNATURE_CLASS,
          "class "
              + name
              + " is not on the classpath (use "
              + ParseKeys.SIGNATURE_MD5_VALUE
              + ", "
              + ParseKeys.SIGNATURE_TEXT_VALUE
              + " or a class name)");
    }
    if (!Signature.class.isAssignableFrom(c)) {
      throw new BadSettingException(ParseKeys.SIGNATURE_CLASS, name + " is not a Signature");
    }
    return (Signature) ReflectionUtils.newInstance(c, conf);
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
