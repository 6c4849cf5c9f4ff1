package org.trawler.core.protocol;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.plugin.Plugins;

/**
 * The configured {@link Protocol} (fetcher.protocol.class, wrapped by the rendering protocol with
 * fetcher.render), made by {@link Plugins}.
 */
public final class ProtocolClass {
  private ProtocolClass() {}

  /** The configured Protocol class, checked to be one {@link Plugins} can make. */
  public static Class<? extends Protocol> type(Configuration conf) {
    return Plugins.classOf(conf, ProtocolKeys.PROTOCOL_CLASS, name(conf), Protocol.class);
  }

  /**
   * Creates and closes the configured Protocol once, so that a setting it reads (a truststore it
   * cannot read, say) fails in the client, before any task.
   */
  public static void check(Configuration conf) throws IOException {
    newInstance(conf).close();
  }

  /**
   * A new instance of the configured Protocol; a bad setting it reads is thrown as it is. With
   * fetcher.render it is the rendering protocol, which wraps {@link #newNetworkInstance}.
   */
  public static Protocol newInstance(Configuration conf) {
    if (conf.getBoolean(ProtocolKeys.RENDER, ProtocolKeys.DEFAULT_RENDER)) {
      return Plugins.create(
          conf, ProtocolKeys.RENDER, ProtocolKeys.RENDER_PROTOCOL_VALUE, Protocol.class);
    }
    return newNetworkInstance(conf);
  }

  /**
   * A new instance of the Protocol fetcher.protocol.class names, without rendering: what a
   * rendering protocol fetches pages and its browser's requests through.
   */
  public static Protocol newNetworkInstance(Configuration conf) {
    return Plugins.create(conf, ProtocolKeys.PROTOCOL_CLASS, name(conf), Protocol.class);
  }

  private static String name(Configuration conf) {
    return conf.getTrimmed(ProtocolKeys.PROTOCOL_CLASS, ProtocolKeys.DEFAULT_PROTOCOL_CLASS);
  }
}
