package org.trawler.console;

/**
 * A JVM that starts {@link Chromium} and waits to be killed: prints the browser's profile and the
 * driver's port, by which {@link ChromiumKillTest} finds their processes.
 */
public final class ChromiumProbe {
  private ChromiumProbe() {}

  public static void main(String[] args) throws Exception {
    Chromium chromium = new Chromium();
    System.out.println("profile " + chromium.profile());
    System.out.println("driver --port=" + chromium.driverPort());
    System.out.flush();
    Thread.sleep(120_000);
    chromium.close();
  }
}
