package org.trawler.jobs;

import java.io.StringWriter;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;

/** Collects what Trawler logs (its jobs run in this JVM in local mode) while open. */
public final class LogCapture implements AutoCloseable {
  private final StringWriter out = new StringWriter();
  private final WriterAppender appender;
  private final Logger logger = Logger.getLogger("org.trawler");

  public LogCapture() {
    appender = new WriterAppender(new PatternLayout("%p %c{1} - %m%n"), out);
    appender.setThreshold(Level.INFO);
    logger.addAppender(appender);
  }

  public String text() {
    return out.toString();
  }

  @Override
  public void close() {
    logger.removeAppender(appender);
  }
}
