package org.trawler.jobs.crawl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.net.URLNormalizers;

public class URLCheckTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static Configuration shippedConf() {
    return CrawlerConfiguration.create(); // the shipped normalizers and regex-urlfilter.txt
  }

  @Test
  public void anAcceptedUrlComesBackNormalized() {
    URLCheck.Result r =
        new URLCheck(shippedConf(), URLNormalizers.SCOPE_OUTLINK)
            .check("HTTP://Example.COM:80/a/../b#top");
    assertTrue(r.accepted());
    assertEquals("http://example.com/b", r.url());
    assertEquals("accept http://example.com/b", r.describe());
  }

  @Test
  public void aRejectedUrlNamesTheFilterAndItsRuleLineAndKeepsItsNormalizedForm() {
    URLCheck.Result r =
        new URLCheck(shippedConf(), URLNormalizers.SCOPE_OUTLINK)
            .check("HTTP://Example.com/a/../logo.PNG");
    assertEquals(null, r.url());
    assertEquals("http://example.com/logo.PNG", r.normalized());
    assertEquals("RegexURLFilter", r.rejectedBy());
    assertTrue(r.rule(), r.rule().matches("line \\d+: -\\(\\?i\\)\\\\\\.\\(gif.*"));
  }

  @Test
  public void aUrlNoRuleMatchesSaysSo() throws IOException {
    Configuration conf = shippedConf();
    conf.set("urlfilter.regex.file", writeRules("+^http://only\\.example/\n"));
    URLCheck.Result r =
        new URLCheck(conf, URLNormalizers.SCOPE_OUTLINK).check("http://other.example/");
    assertEquals("RegexURLFilter", r.rejectedBy());
    assertEquals("no rule matches", r.rule());
  }

  @Test
  public void aMalformedUrlIsRejectedByTheNormalizerThatCannotReadIt() {
    URLCheck.Result r =
        new URLCheck(shippedConf(), URLNormalizers.SCOPE_OUTLINK).check("http://exa mple.com:x/");
    assertEquals(false, r.accepted());
    assertEquals(null, r.normalized());
    assertTrue(r.describe(), r.describe().startsWith("reject BasicURLNormalizer"));
  }

  @Test
  public void theCommandPrintsOneLinePerUrlAndExitsOneWhenOneWasRejected() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    URLCheckCommand cmd =
        new URLCheckCommand()
            .readFrom(
                new ByteArrayInputStream(
                    "http://Example.com/a\n# comment\n\nhttp://example.com/x.jpg\n"
                        .getBytes(StandardCharsets.UTF_8)));
    cmd.printTo(new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    int code = ToolRunner.run(shippedConf(), cmd, new String[0]);
    String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
    assertEquals(1, code);
    assertEquals(2, lines.length);
    assertEquals("http://Example.com/a\taccept\thttp://example.com/a", lines[0]);
    assertTrue(
        lines[1], lines[1].startsWith("http://example.com/x.jpg\treject\tRegexURLFilter\tline "));
  }

  @Test
  public void allAcceptedExitsZero() throws Exception {
    URLCheckCommand cmd =
        new URLCheckCommand()
            .readFrom(
                new ByteArrayInputStream("http://example.com/\n".getBytes(StandardCharsets.UTF_8)));
    cmd.printTo(new PrintStream(new ByteArrayOutputStream()), System.err);
    assertEquals(0, ToolRunner.run(shippedConf(), cmd, new String[] {"-scope", "inject"}));
  }

  @Test
  public void hostileLinesAreEachRejectedInTheirOwnLineAndTheNextUrlIsStillChecked()
      throws Exception {
    byte[] garbage = {(byte) 0xff, (byte) 0xfe, 0, 1, 'h', 't', 't', 'p', ':', '/', '/'};
    String input =
        "http://[::1\n"
            + "not a url\n"
            + new String(garbage, StandardCharsets.ISO_8859_1)
            + "\n"
            + "javascript:alert(1)\n"
            + "http://example.com/"
            + "a".repeat(100_000)
            + "\n"
            + "http://example.com/ok\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    URLCheckCommand cmd =
        new URLCheckCommand()
            .readFrom(new ByteArrayInputStream(input.getBytes(StandardCharsets.ISO_8859_1)));
    cmd.printTo(new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    int code = ToolRunner.run(shippedConf(), cmd, new String[0]);
    String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
    assertEquals(1, code);
    assertEquals(6, lines.length);
    for (int i = 0; i < 4; i++) {
      assertTrue(lines[i], lines[i].contains("\treject\t"));
    }
    assertTrue("the long URL in one line", lines[4].startsWith("http://example.com/aaa"));
    assertEquals("http://example.com/ok\taccept\thttp://example.com/ok", lines[5]);
  }

  @Test
  public void noUrlsOnStandardInputIsNothingToDo() throws Exception {
    URLCheckCommand cmd =
        new URLCheckCommand()
            .readFrom(
                new ByteArrayInputStream("# only a comment\n\n".getBytes(StandardCharsets.UTF_8)));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    cmd.printTo(
        new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(1, ToolRunner.run(shippedConf(), cmd, new String[0]));
    assertEquals(
        "trawler urlcheck: no URLs on standard input\n", err.toString(StandardCharsets.UTF_8));
  }

  private String writeRules(String rules) throws IOException {
    File f = tmp.newFile("rules.txt");
    Files.writeString(f.toPath(), rules);
    return f.getAbsolutePath();
  }
}
