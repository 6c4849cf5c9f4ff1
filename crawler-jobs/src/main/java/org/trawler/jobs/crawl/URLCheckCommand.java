package org.trawler.jobs.crawl;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.trawler.core.UserException;
import org.trawler.core.net.URLNormalizers;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;

/**
 * {@code urlcheck [-scope S]}: for each URL on standard input, one line {@code <url> TAB accept TAB
 * <normalized>} or {@code <url> TAB reject TAB <normalizer or filter> TAB <rule>}. Exit 0 when
 * every URL was accepted, 1 when one was rejected.
 */
public class URLCheckCommand extends CrawlTool {
  private InputStream in = System.in;

  @Override
  public String name() {
    return "urlcheck";
  }

  @Override
  public String synopsis() {
    return "[-scope inject|generate|fetcher|outlink|linkdb] < urls.txt";
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {0, 0};
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(valued("scope", "scope", "the normalizers of this scope (default outlink)"));
    return o;
  }

  /** Reads URLs from {@code in} instead of standard input (a caller in the same JVM, a test). */
  public URLCheckCommand readFrom(InputStream in) {
    this.in = in;
    return this;
  }

  @Override
  protected int execute(CommandLine cmd) throws IOException, UserException, UsageException {
    String scope = cmd.getOptionValue("scope", URLNormalizers.SCOPE_OUTLINK);
    if (!URLNormalizers.SCOPES.contains(scope)) {
      throw new UsageException(
          "-scope takes one of "
              + String.join(", ", URLNormalizers.SCOPES)
              + ", not '"
              + scope
              + "'");
    }
    URLCheck check = new URLCheck(getConf(), scope);
    boolean allAccepted = true;
    boolean any = false;
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      String url = line.strip();
      if (url.isEmpty() || url.startsWith("#")) {
        continue;
      }
      any = true;
      URLCheck.Result r = check.check(url);
      allAccepted &= r.accepted();
      out()
          .println(
              r.accepted()
                  ? url + "\taccept\t" + r.url()
                  : url + "\treject\t" + r.rejectedBy() + "\t" + r.rule());
    }
    out().flush();
    if (!any) {
      throw new UserException("no URLs on standard input", UserException.NOTHING_TO_DO);
    }
    return allAccepted ? 0 : UserException.NOTHING_TO_DO;
  }
}
