package org.trawler.console;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.hadoop.fs.FileUtil;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium, driven through its chromedriver: the one owner of both processes.
 * {@link #close} stops them (and removes the fresh profile) on every path; a shutdown hook does it
 * too when the test JVM ends without closing.
 */
public final class Chromium implements AutoCloseable {
  static final String BROWSER = "/usr/bin/chromium";
  static final String DRIVER = "/usr/bin/chromedriver";

  private final ChromeDriverService service;
  private final ChromeDriver driver;
  private final Path profile;
  private final Thread hook;

  public Chromium() throws IOException {
    profile = Files.createTempDirectory("chromium-profile");
    service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(new File(DRIVER))
            .usingAnyFreePort()
            .build();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(BROWSER);
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--user-data-dir=" + profile,
        "--window-size=1400,1000");
    ChromeDriver started;
    try {
      service.start();
      started = new ChromeDriver(service, options);
    } catch (RuntimeException | IOException e) {
      service.stop();
      FileUtil.fullyDelete(profile.toFile());
      throw e;
    }
    driver = started;
    driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
    driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
    hook = new Thread(this::stop);
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** The browser's fresh profile directory (on its command line). */
  public Path profile() {
    return profile;
  }

  /** The port chromedriver listens on (on its command line). */
  public int driverPort() {
    return service.getUrl().getPort();
  }

  public WebDriver driver() {
    return driver;
  }

  /** Saves a screenshot of the whole page (the window grown to its height) as a PNG. */
  public void screenshot(File png) throws IOException {
    Object height =
        driver.executeScript(
            "return Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)");
    Dimension old = driver.manage().window().getSize();
    driver
        .manage()
        .window()
        .setSize(new Dimension(old.getWidth(), Math.min(4000, ((Number) height).intValue() + 40)));
    png.getParentFile().mkdirs();
    Files.write(png.toPath(), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    driver.manage().window().setSize(old);
  }

  private void stop() {
    try {
      driver.quit();
    } catch (RuntimeException e) {
      // the browser is gone already
    } finally {
      service.stop();
      FileUtil.fullyDelete(profile.toFile());
    }
  }

  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook runs anyway
    }
  }
}
