package org.trawler.core.protocol;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;

/** The configured {@link Protocol} implementation (fetcher.protocol.class) and its instances. */
public final class ProtocolClass {
  private ProtocolClass() {}

  /** The configured Protocol class, checked to be one with a (Configuration) constructor. */
  public static Constructor<? extends Protocol> constructor(Configuration conf) {
    String name = conf.getTrimmed(ProtocolKeys.PROTOCOL_CLASS, ProtocolKeys.DEFAULT_PROTOCOL_CLASS);
    try {
      Class<? extends Protocol> c = conf.getClassByName(name).asSubclass(Protocol.class);
      return c.getConstructor(Configuration.class);
    } catch (ClassNotFoundException e) {
      throw new BadSettingException(
          ProtocolKeys.PROTOCOL_CLASS, "class " + name + " is not on the classpath");
    } catch (ClassCastException e) {
      throw new BadSettingException(
          ProtocolKeys.PROTOCOL_CLASS, name + " is not a " + Protocol.class.getName());
    } catch (NoSuchMethodException e) {
      throw new BadSettingException(
          ProtocolKeys.PROTOCOL_CLASS, name + " has no public constructor taking a Configuration");
    }
  }

  /**
   * Creates and closes the configured Protocol once, so that a setting it reads (a truststore it
   * cannot read, say) fails in the client, before any task.
   */
  public static void check(Configuration conf) throws IOException {
    newInstance(conf).close();
  }

  /** A new instance of the configured Protocol; a bad setting it reads is thrown as it is. */
  public static Protocol newInstance(Configuration conf) {
    try {
      return constructor(conf).newInstance(conf);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof BadSettingException bad) {
        throw bad; // the protocol's own setting, e.g. http.timeout
      }
      throw new IllegalStateException(
          "cannot create the protocol " + conf.get(ProtocolKeys.PROTOCOL_CLASS), e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "cannot create the protocol " + conf.get(ProtocolKeys.PROTOCOL_CLASS), e);
    }
  }
}
