package org.trawler.jobs.hadoopinternals;

/** Configuration keys of how local jobs run (trawler-default.xml, "Hadoop"), with defaults. */
public final class LocalJobKeys {
  /**
   * LocalJobRunner reads a local job's configuration from its job.xml alone, without parsing
   * Hadoop's default resources twice more per job ({@link JobXmlOnly}); false lets it, as Hadoop
   * does.
   */
  public static final String JOB_XML_ONLY = "local.job.xml.only";

  public static final boolean DEFAULT_JOB_XML_ONLY = true;

  private LocalJobKeys() {}
}
