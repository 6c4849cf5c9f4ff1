package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CommandRun;

/**
 * Bad input to every command: missing or empty directories, paths that are not what the command
 * reads, segments in the wrong state, unknown options, bad numbers and bad settings. Each gets one
 * line "trawler &lt;command&gt;: ..." (a usage error also its usage), its exit code (1 nothing to
 * do or not found, 2 usage, 3 failure), no stack trace, and the crawl data stays byte for byte. A
 * bad setting ({@code -D key=value}) is exit 2 too, in one line naming the key and the value,
 * without the usage: the command line itself was fine. A module with commands of its own extends
 * this class with its own {@code cases()}.
 */
@RunWith(Parameterized.class)
public class BadInputTest {
  protected static final int USAGE = 2;
  protected static final int FAILED = 3;
  protected static final int NOTHING = 1;

  @ClassRule public static final TemporaryFolder tmp = new TemporaryFolder();

  private static Configuration conf;
  private static File root;
  private static int outputs;

  private final String[] args;
  private final int exitCode;
  private final String message;

  public BadInputTest(String name, String[] args, int exitCode, String message) {
    this.args = args;
    this.exitCode = exitCode;
    this.message = message;
  }

  /**
   * What a command says of a secret given as a setting (-D would put it into job.xml); the line
   * names the key and how to give the secret, never the value.
   */
  protected static final String SECRET_REFUSED = "a secret is not taken from the configuration";

  /** A URL with user:password@ in it is refused with a line that leaves them out. */
  protected static final String CREDENTIALS_IN_URL = "with a user and password in it";

  protected static Object[] bad(String[] args, int exitCode, String message) {
    return new Object[] {String.join(" ", args), args, exitCode, message};
  }

  protected static String[] cmd(String... args) {
    return args;
  }

  /**
   * A command run with one bad {@code -D key=value}: exit 2, one line naming the key and the value.
   */
  protected static Object[] badSetting(String setting, String... args) {
    String[] withSetting = new String[args.length + 2];
    withSetting[0] = args[0];
    withSetting[1] = "-D";
    withSetting[2] = setting;
    System.arraycopy(args, 1, withSetting, 3, args.length - 1);
    return bad(withSetting, USAGE, setting.substring(0, setting.indexOf('=')));
  }

  /** The {@code key=value} of a bad-setting case, or null. */
  private static String setting(String[] args) {
    int i = Arrays.asList(args).indexOf("-D");
    return i < 0 ? null : args[i + 1];
  }

  @Parameters(name = "{0}")
  public static Collection<Object[]> cases() {
    List<Object[]> cases = new ArrayList<>();
    // Placeholders: {crawldb} a crawldb, {gen} {fetched} {parsed} segments in those states,
    // {segments}
    // their directory, {urls} a seed directory, {empty} an empty directory, {file} a plain file,
    // {foreign} a directory of other files, {missing} a path that does not exist, {out} a new path.
    cases.add(bad(cmd("bogus"), USAGE, "unknown command 'bogus'"));
    for (String command :
        List.of(
            "inject",
            "generate",
            "fetch",
            "parse",
            "updatedb",
            "invertlinks",
            "dedup",
            "rank",
            "hostrank",
            "readdb",
            "readseg",
            "run",
            "index",
            "search",
            "warc",
            "urlindex",
            "sitemap",
            "updatehostdb",
            "readhostdb",
            "check")) {
      cases.add(bad(cmd(command), USAGE, "missing arguments"));
    }
    cases.add(bad(cmd("inject", "{crawldb}", "{urls}", "-bogus"), USAGE, "unknown option -bogus"));
    cases.add(bad(cmd("inject", "{crawldb}", "{urls}", "{urls}"), USAGE, "too many arguments"));
    cases.add(bad(cmd("inject", "{out}", "{missing}"), FAILED, "does not exist"));
    cases.add(bad(cmd("inject", "{out}", "{empty}"), NOTHING, "no seed files"));
    cases.add(bad(cmd("inject", "{file}", "{urls}"), FAILED, "is a file"));
    cases.add(bad(cmd("inject", "{foreign}", "{urls}"), FAILED, "not a crawldb"));

    cases.add(bad(cmd("generate", "{crawldb}", "{segments}", "-bogus"), USAGE, "unknown option"));
    cases.add(
        bad(
            cmd("generate", "{crawldb}", "{segments}", "-topN", "0"),
            USAGE,
            "-topN must be at least 1"));
    cases.add(
        bad(
            cmd("generate", "{crawldb}", "{segments}", "-topN", "-5"),
            USAGE,
            "-topN must be at least 1"));
    cases.add(
        bad(cmd("generate", "{crawldb}", "{segments}", "-topN", "many"), USAGE, "whole number"));
    cases.add(
        bad(cmd("generate", "{crawldb}", "{segments}", "-numFetchers", "0"), USAGE, "at least 1"));
    cases.add(bad(cmd("generate", "{missing}", "{segments}"), FAILED, "no crawldb at"));
    cases.add(bad(cmd("generate", "{empty}", "{segments}"), FAILED, "is not a crawldb"));
    cases.add(bad(cmd("generate", "{foreign}", "{segments}"), FAILED, "is not a crawldb"));
    cases.add(bad(cmd("generate", "{file}", "{segments}"), FAILED, "is a file"));
    cases.add(bad(cmd("generate", "{crawldb}", "{file}"), FAILED, "is a file"));

    cases.add(bad(cmd("fetch", "{gen}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("fetch", "{gen}", "-threads", "0"), USAGE, "-threads must be at least 1"));
    cases.add(bad(cmd("fetch", "{gen}", "-threads", "x"), USAGE, "whole number"));
    cases.add(bad(cmd("fetch", "{missing}"), FAILED, "no segment at"));
    cases.add(bad(cmd("fetch", "{file}"), FAILED, "no segment at"));
    cases.add(bad(cmd("fetch", "{empty}"), FAILED, "has no crawl_generate"));
    cases.add(bad(cmd("fetch", "{fetched}"), FAILED, "-force"));

    cases.add(bad(cmd("parse", "{fetched}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("parse", "{missing}"), FAILED, "no segment at"));
    cases.add(bad(cmd("parse", "{empty}"), FAILED, "has no content"));
    cases.add(bad(cmd("parse", "{gen}"), FAILED, "run fetch first"));
    cases.add(bad(cmd("parse", "{parsed}"), FAILED, "-force"));

    cases.add(bad(cmd("updatedb", "{crawldb}", "{fetched}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("updatedb", "{crawldb}"), USAGE, "name at least one segment"));
    cases.add(bad(cmd("updatedb", "{crawldb}", "{missing}"), FAILED, "no segment at"));
    cases.add(bad(cmd("updatedb", "{crawldb}", "{gen}"), FAILED, "not fetched"));
    cases.add(bad(cmd("updatedb", "{crawldb}", "{empty}"), FAILED, "not fetched"));
    cases.add(bad(cmd("updatedb", "{file}", "{fetched}"), FAILED, "is a file"));
    cases.add(bad(cmd("updatedb", "{foreign}", "{fetched}"), FAILED, "not a crawldb"));
    cases.add(
        bad(cmd("updatedb", "{crawldb}", "-dir", "{missing}"), FAILED, "no segments directory"));
    cases.add(bad(cmd("updatedb", "{crawldb}", "-dir", "{empty}"), NOTHING, "no fetched segment"));

    cases.add(bad(cmd("invertlinks", "{out}", "{parsed}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("invertlinks", "{out}"), USAGE, "name at least one segment"));
    cases.add(bad(cmd("invertlinks", "{out}", "{missing}"), FAILED, "no segment at"));
    cases.add(bad(cmd("invertlinks", "{out}", "{fetched}"), FAILED, "run parse"));
    cases.add(bad(cmd("invertlinks", "{file}", "{parsed}"), FAILED, "is a file"));
    cases.add(
        bad(cmd("invertlinks", "{out}", "-dir", "{missing}"), FAILED, "no segments directory"));
    cases.add(bad(cmd("invertlinks", "{out}", "-dir", "{empty}"), NOTHING, "no parsed segment"));

    cases.add(bad(cmd("dedup", "{crawldb}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("dedup", "{missing}"), FAILED, "no crawldb at"));
    cases.add(bad(cmd("dedup", "{foreign}"), FAILED, "is not a crawldb"));
    cases.add(bad(cmd("dedup", "{file}"), FAILED, "is a file"));
    cases.add(bad(cmd("dedup", "{gen}"), FAILED, "is not a crawldb"));

    cases.add(bad(cmd("rank", "{crawl}", "-bogus"), USAGE, "unknown option"));
    cases.add(
        bad(cmd("rank", "{crawl}", "-iterations", "0"), USAGE, "-iterations must be at least 1"));
    cases.add(bad(cmd("rank", "{crawl}", "-epsilon", "0"), USAGE, "-epsilon must be above 0"));
    cases.add(bad(cmd("rank", "{missing}"), FAILED, "no crawldb at"));

    cases.add(bad(cmd("hostrank", "{crawl}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("hostrank", "{crawl}", "{crawl}"), USAGE, "too many arguments"));
    cases.add(bad(cmd("hostrank", "{missing}"), FAILED, "no linkdb at"));
    cases.add(bad(cmd("hostrank", "{crawl}"), FAILED, "run invertlinks first"));

    cases.add(bad(cmd("readdb", "{crawldb}"), USAGE, "give exactly one of"));
    cases.add(
        bad(
            cmd("readdb", "{crawldb}", "-stats", "-url", "http://x/"),
            USAGE,
            "give exactly one of"));
    cases.add(
        bad(cmd("readdb", "{crawldb}", "-dump", "{out}", "-format", "xml"), USAGE, "json or csv"));
    cases.add(
        bad(
            cmd("readdb", "{crawldb}", "-dump", "{out}", "-status", "nope"),
            USAGE,
            "not a crawldb status"));
    cases.add(bad(cmd("readdb", "{crawldb}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("readdb", "{missing}", "-stats"), FAILED, "no crawldb at"));
    cases.add(bad(cmd("readlinkdb", "{crawldb}", "-bogus"), USAGE, "unknown option -bogus"));
    cases.add(bad(cmd("readlinkdb", "{crawldb}"), USAGE, "give exactly one of -url and -dump"));
    cases.add(bad(cmd("conf", "-bogus"), USAGE, "unknown option -bogus"));
    cases.add(bad(cmd("readdb", "{foreign}", "-stats"), FAILED, "is not a crawldb"));
    cases.add(bad(cmd("readdb", "{parsed}", "-stats"), FAILED, "is not a crawldb"));
    cases.add(bad(cmd("readdb", "{crawldb}", "-url", "http://not.there/"), NOTHING, "not found"));
    cases.add(bad(cmd("readdb", "{crawldb}", "-dump", "{file}"), FAILED, "is a file"));

    cases.add(bad(cmd("readseg", "{parsed}"), USAGE, "give -list or -dump"));
    cases.add(
        bad(
            cmd("readseg", "-dump", "{parsed}"),
            USAGE,
            "-dump takes a segment and an output directory"));
    cases.add(bad(cmd("readseg", "-list", "{parsed}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("readseg", "-list", "{missing}"), FAILED, "no segment at"));
    cases.add(bad(cmd("readseg", "-dump", "{empty}", "{out}"), FAILED, "is it a segment?"));
    cases.add(bad(cmd("readseg", "-dump", "{crawldb}", "{out}"), FAILED, "is it a segment?"));

    cases.add(bad(cmd("run", "{urls}", "{out}", "0"), USAGE, "rounds must be at least 1"));
    cases.add(bad(cmd("run", "{urls}", "{out}", "x"), USAGE, "whole number"));
    cases.add(
        bad(cmd("run", "{urls}", "{out}", "1", "--topN", "0"), USAGE, "--topN must be at least 1"));
    cases.add(
        bad(
            cmd("run", "{urls}", "{out}", "1", "--threads", "0"),
            USAGE,
            "--threads must be at least 1"));
    cases.add(bad(cmd("run", "{urls}", "{out}", "1", "--bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("run", "{missing}", "{out}", "1"), FAILED, "does not exist"));
    cases.add(bad(cmd("run", "{empty}", "{out}", "1"), NOTHING, "no seed files"));
    cases.add(bad(cmd("run", "{urls}", "{file}", "1"), FAILED, "is a file"));

    cases.add(
        badSetting(
            "urlnormalizer.order=org.example.NoSuchNormalizer", "inject", "{out}", "{urls}"));
    cases.add(badSetting("db.injector.url.max.length=long", "inject", "{out}", "{urls}"));
    cases.add(badSetting("readdb.stats.job.min.bytes=big", "readdb", "{crawldb}", "-stats"));
    cases.add(badSetting("generate.order=sideways", "generate", "{crawldb}", "{segments}"));
    cases.add(badSetting("generate.max.count=many", "generate", "{crawldb}", "{segments}"));
    cases.add(badSetting("generate.count.mode=ip", "generate", "{crawldb}", "{segments}"));
    cases.add(badSetting("partition.url.mode=byPort", "generate", "{crawldb}", "{segments}"));
    cases.add(badSetting("fetcher.threads.per.queue=0", "fetch", "{gen}"));
    cases.add(badSetting("fetcher.server.delay=soon", "fetch", "{gen}"));
    cases.add(badSetting("fetcher.queue.mode=byPort", "fetch", "{gen}"));
    cases.add(badSetting("fetcher.protocol.class=org.example.NoSuchProtocol", "fetch", "{gen}"));
    cases.add(badSetting("http.tls.truststore=/no/such/truststore.p12", "fetch", "{gen}"));
    cases.add(badSetting("fetcher.render.timeout=soon", "fetch", "{gen}"));
    cases.add(badSetting("fetcher.render.browsers=0", "fetch", "{gen}"));
    cases.add(badSetting("fetcher.render.max.pages=0", "fetch", "{gen}"));
    cases.add(
        bad(
            cmd(
                "fetch",
                "-D",
                "fetcher.render.browser=/no/such/chromium",
                "-D",
                "fetcher.render=true",
                "{gen}"),
            USAGE,
            "apt-get install chromium"));
    cases.add(
        bad(
            cmd(
                "fetch",
                "-D",
                "fetcher.render.rules=/no/such/render-rules.txt",
                "-D",
                "fetcher.render=true",
                "{gen}"),
            USAGE,
            "fetcher.render.rules"));
    cases.add(
        bad(
            cmd(
                "run",
                "-D",
                "fetcher.render.browser=/no/such/chromium",
                "-D",
                "fetcher.render=true",
                "{urls}",
                "{out}",
                "1"),
            USAGE,
            "apt-get install chromium"));
    cases.add(badSetting("db.signature.class=org.example.NoSuchSignature", "parse", "{fetched}"));
    cases.add(badSetting("parser.timeout=later", "parse", "{fetched}"));
    cases.add(badSetting("parser.types=text/html", "parse", "{fetched}"));
    cases.add(badSetting("parser.types=*:nosuch", "parse", "{fetched}"));
    cases.add(badSetting("parser.classes=tika:org.example.NoSuchParser", "parse", "{fetched}"));
    cases.add(badSetting("parser.detector.class=org.example.NoSuchDetector", "parse", "{fetched}"));
    cases.add(badSetting("parser.text.max.chars=0", "parse", "{fetched}"));
    cases.add(badSetting("parser.embedded.max.depth=deep", "parse", "{fetched}"));
    cases.add(badSetting("http.content.limit.documents=big", "fetch", "{gen}"));
    cases.add(badSetting("parsefilter.order=lang,langid", "parse", "{fetched}"));
    cases.add(badSetting("parsefilter.classes=lang", "parse", "{fetched}"));
    cases.add(badSetting("parser.html.content=article", "parse", "{fetched}"));
    cases.add(badSetting("parsefilter.meta.max.count=many", "parse", "{fetched}"));
    cases.add(badSetting("parsefilter.lang.min.confidence=high", "parse", "{fetched}"));
    cases.add(
        badSetting("parsefilter.selectors.file=/no/such/extract-rules.txt", "parse", "{fetched}"));
    cases.add(
        badSetting(
            "db.fetch.schedule.class=org.example.NoSuchSchedule",
            "updatedb",
            "{crawldb}",
            "{fetched}"));
    cases.add(badSetting("db.fetch.retry.max=three", "updatedb", "{crawldb}", "{fetched}"));
    cases.add(
        badSetting("urlfilter.order=org.example.NoSuchFilter", "invertlinks", "{out}", "{parsed}"));
    cases.add(badSetting("db.max.inlinks=all", "invertlinks", "{out}", "{parsed}"));
    cases.add(badSetting("db.lock.stale.after=soon", "dedup", "{locked}"));
    cases.add(badSetting("fetcher.threads.per.queue=0", "run", "{urls}", "{out}", "1"));

    cases.add(
        bad(cmd("index", "{out}", "{crawldb}", "{parsed}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("index", "{out}", "{crawldb}"), USAGE, "name at least one segment"));
    cases.add(bad(cmd("index", "{out}", "{missing}", "{parsed}"), FAILED, "no crawldb at"));
    cases.add(bad(cmd("index", "{out}", "{gen}", "{parsed}"), FAILED, "is not a crawldb"));
    cases.add(bad(cmd("index", "{out}", "{file}", "{parsed}"), FAILED, "is a file"));
    cases.add(bad(cmd("index", "{out}", "{crawldb}", "{missing}"), FAILED, "no segment at"));
    cases.add(bad(cmd("index", "{out}", "{crawldb}", "{fetched}"), FAILED, "run parse"));
    cases.add(bad(cmd("index", "{out}", "{crawldb}", "{crawldb}"), FAILED, "has no crawl_fetch"));
    cases.add(bad(cmd("index", "{file}", "{crawldb}", "{parsed}"), FAILED, "is a file"));
    cases.add(bad(cmd("index", "{foreign}", "{crawldb}", "{parsed}"), FAILED, "not an index"));
    cases.add(bad(cmd("index", "{crawl}", "{crawldb}", "{parsed}"), FAILED, "not an index"));
    cases.add(
        bad(
            cmd("index", "{out}", "{crawldb}", "{parsed}", "-linkdb", "{missing}"),
            FAILED,
            "no linkdb at"));
    cases.add(
        bad(
            cmd("index", "{out}", "{crawldb}", "{parsed}", "-linkdb", "{crawldb}"),
            FAILED,
            "not a linkdb"));
    cases.add(
        bad(
            cmd("index", "{out}", "{crawldb}", "-dir", "{missing}"),
            FAILED,
            "no segments directory"));
    cases.add(
        bad(cmd("index", "{out}", "{crawldb}", "-dir", "{empty}"), NOTHING, "no parsed segment"));
    cases.add(badSetting("indexer.writers=elastic", "index", "{out}", "{crawldb}", "{parsed}"));
    cases.add(badSetting("indexer.max.anchors=all", "index", "{out}", "{crawldb}", "{parsed}"));
    cases.add(badSetting("warc.max.size=0", "warc", "{out}", "{fetched}"));
    cases.add(badSetting("warc.prefix=a/b", "warc", "{out}", "{fetched}"));
    cases.add(
        badSetting("indexer.lucene.analyzer=klingon", "index", "{out}", "{crawldb}", "{parsed}"));

    cases.add(bad(cmd("search", "{missing}", "web"), NOTHING, "no index at"));
    cases.add(bad(cmd("search", "{crawldb}", "web"), FAILED, "not an index"));
    cases.add(bad(cmd("search", "{file}", "web"), FAILED, "is not an index"));
    cases.add(bad(cmd("search", "{empty}", "web"), FAILED, "not an index"));
    cases.add(bad(cmd("search", "{missing}", "web", "-n", "0"), USAGE, "-n must be at least 1"));
    cases.add(bad(cmd("search", "{missing}", "web", "-n", "x"), USAGE, "whole number"));
    cases.add(bad(cmd("search", "{missing}", "web", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("search", "{missing}", "web", "more"), USAGE, "too many arguments"));

    cases.add(bad(cmd("warc", "{out}", "{fetched}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("warc", "{out}"), USAGE, "name at least one segment"));
    cases.add(bad(cmd("warc", "{out}", "{missing}"), FAILED, "no segment at"));
    cases.add(bad(cmd("warc", "{out}", "{gen}"), FAILED, "fetch"));
    cases.add(bad(cmd("warc", "{out}", "{crawldb}"), FAILED, "has no crawl_fetch"));
    cases.add(bad(cmd("warc", "{file}", "{fetched}"), FAILED, "is a file"));
    cases.add(bad(cmd("warc", "{out}", "{fetched}", "-maxSize", "huge"), USAGE, "-maxSize takes"));
    cases.add(bad(cmd("warc", "{out}", "{fetched}", "-maxSize", "0"), USAGE, "-maxSize takes"));
    cases.add(bad(cmd("warc", "{out}", "{fetched}", "-prefix", "a/b"), USAGE, "-prefix"));
    cases.add(bad(cmd("warc", "{out}", "-dir", "{missing}"), FAILED, "no segments directory"));
    cases.add(bad(cmd("warc", "{out}", "-dir", "{empty}"), NOTHING, "no fetched segment"));

    cases.add(bad(cmd("urlindex", "{out}", "{fetched}"), USAGE, "-warc"));
    cases.add(
        bad(
            cmd("urlindex", "{out}", "{fetched}", "-warc", "{missing}"),
            FAILED,
            "no WARC directory"));
    cases.add(
        bad(
            cmd("urlindex", "{out}", "{fetched}", "-warc", "{empty}"),
            FAILED,
            "has no CDXJ files"));
    cases.add(
        bad(
            cmd("urlindex", "{out}", "{fetched}", "-warc", "{empty}", "-crawl", "a/b"),
            USAGE,
            "-crawl takes"));
    cases.add(
        badSetting(
            "urlindex.rowgroup.size=0", "urlindex", "{out}", "{fetched}", "-warc", "{empty}"));

    cases.add(bad(cmd("sitemap", "{crawldb}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("sitemap", "{crawldb}", "{crawldb}"), USAGE, "too many arguments"));
    cases.add(bad(cmd("sitemap", "{crawldb}", "-threads", "0"), USAGE, "at least 1"));
    cases.add(bad(cmd("sitemap", "{crawldb}", "-threads", "x"), USAGE, "whole number"));
    cases.add(bad(cmd("sitemap", "{missing}"), FAILED, "no crawldb at"));
    cases.add(bad(cmd("sitemap", "{foreign}"), FAILED, "is not a crawldb"));
    cases.add(bad(cmd("sitemap", "{file}"), FAILED, "is a file"));
    cases.add(bad(cmd("sitemap", "{parsed}"), FAILED, "is not a crawldb"));
    cases.add(bad(cmd("sitemap", "{crawldb}", "-hostdb", "{missing}"), FAILED, "no hostdb at"));
    cases.add(bad(cmd("sitemap", "{crawldb}", "-hostdb", "{crawldb}"), FAILED, "not a hostdb"));
    cases.add(
        bad(cmd("sitemap", "{crawldb}", "-sitemapUrls", "{missing}"), FAILED, "does not exist"));
    cases.add(
        badSetting("db.lock.stale.after=soon", "sitemap", "{locked}", "-sitemapUrls", "{urls}"));

    cases.add(
        bad(
            cmd("updatehostdb", "{out}", "{crawldb}", "{fetched}", "-bogus"),
            USAGE,
            "unknown option"));
    cases.add(bad(cmd("updatehostdb", "{out}", "{missing}"), FAILED, "no crawldb at"));
    cases.add(bad(cmd("updatehostdb", "{out}", "{foreign}"), FAILED, "is not a crawldb"));
    cases.add(bad(cmd("updatehostdb", "{out}", "{parsed}"), FAILED, "is not a crawldb"));
    cases.add(bad(cmd("updatehostdb", "{file}", "{crawldb}"), FAILED, "is a file"));
    cases.add(bad(cmd("updatehostdb", "{foreign}", "{crawldb}"), FAILED, "not a hostdb"));
    cases.add(bad(cmd("updatehostdb", "{crawldb}", "{crawldb}"), FAILED, "not a hostdb"));
    cases.add(bad(cmd("updatehostdb", "{out}", "{crawldb}", "{missing}"), FAILED, "no segment at"));
    cases.add(
        bad(cmd("updatehostdb", "{out}", "{crawldb}", "{gen}"), FAILED, "has no crawl_fetch"));
    cases.add(
        bad(
            cmd("updatehostdb", "{out}", "{crawldb}", "-robots", "{missing}"),
            FAILED,
            "no robots db at"));

    cases.add(bad(cmd("readhostdb", "{out}"), USAGE, "give exactly one of"));
    cases.add(
        bad(cmd("readhostdb", "{out}", "-stats", "-host", "a"), USAGE, "give exactly one of"));
    cases.add(bad(cmd("readhostdb", "{out}", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("readhostdb", "{missing}", "-stats"), FAILED, "no hostdb at"));
    cases.add(bad(cmd("readhostdb", "{crawldb}", "-stats"), FAILED, "not a hostdb"));
    cases.add(bad(cmd("readhostdb", "{parsed}", "-stats"), FAILED, "not a hostdb"));
    cases.add(bad(cmd("readhostdb", "{foreign}", "-stats"), FAILED, "not a hostdb"));
    cases.add(bad(cmd("readhostdb", "{file}", "-stats"), FAILED, "is a file"));

    cases.add(bad(cmd("check", "http://127.0.0.1:9/", "-bogus"), USAGE, "unknown option"));
    cases.add(bad(cmd("check", "http://127.0.0.1:9/", "more"), USAGE, "too many arguments"));
    cases.add(bad(cmd("check", "not a url"), USAGE, "not a url"));
    cases.add(bad(cmd("check", "http://[::1/"), USAGE, "http://[::1/"));
    cases.add(bad(cmd("check", "http://127.0.0.1:9/"), NOTHING, "not fetched"));
    cases.add(badSetting("http.timeout=soon", "check", "http://127.0.0.1:9/"));
    cases.add(
        bad(
            cmd(
                "check",
                "-D",
                "fetcher.render.browser=/no/such/chromium",
                "-D",
                "fetcher.render=true",
                "http://127.0.0.1:9/"),
            USAGE,
            "apt-get install chromium"));

    cases.add(bad(cmd("urlcheck"), NOTHING, "no urls"));
    cases.add(bad(cmd("urlcheck", "http://127.0.0.1:9/"), USAGE, "too many arguments"));
    cases.add(bad(cmd("urlcheck", "-scope", "everywhere"), USAGE, "everywhere"));
    cases.add(bad(cmd("urlcheck", "-bogus"), USAGE, "unknown option"));
    cases.add(badSetting("urlfilter.order=org.example.NoSuchFilter", "urlcheck"));
    return cases;
  }

  @BeforeClass
  public static void setUp() throws IOException {
    LoggerFactory.getLogger(BadInputTest.class)
        .info("bad input tests"); // logging before stderr is captured
    conf = CrawlData.localConf(tmp);
    root = tmp.newFolder("data");
    File crawl = new File(root, "crawl");
    CrawlData.crawlDb(conf, path(new File(crawl, "crawldb")), 20, CrawlStatus.DB_UNFETCHED);
    CrawlData.crawlDb(conf, path(new File(crawl, "lockeddb")), 20, CrawlStatus.DB_FETCHED);
    Files.writeString(new File(crawl, "lockeddb/.locked").toPath(), "a job that died\n");
    Path segments = path(new File(crawl, "segments"));
    CrawlData.segmentWith(conf, new Path(segments, "20240101000000"), 5, Segment.CRAWL_GENERATE);
    CrawlData.segmentWith(
        conf,
        new Path(segments, "20240102000000"),
        5,
        Segment.CRAWL_GENERATE,
        Segment.CRAWL_FETCH,
        Segment.CONTENT);
    CrawlData.segmentWith(
        conf,
        new Path(segments, "20240103000000"),
        5,
        Segment.CRAWL_GENERATE,
        Segment.CRAWL_FETCH,
        Segment.CONTENT,
        Segment.CRAWL_PARSE,
        Segment.PARSE_DATA,
        Segment.PARSE_TEXT);
    File urls = new File(root, "urls");
    urls.mkdirs();
    Files.writeString(new File(urls, "seed.txt").toPath(), "http://127.0.0.1:9/\n");
    new File(root, "empty").mkdirs();
    Files.writeString(new File(root, "afile.txt").toPath(), "not a directory\n");
    File foreign = new File(root, "foreign");
    foreign.mkdirs();
    Files.writeString(new File(foreign, "notes.txt").toPath(), "someone's files\n");
  }

  private static Path path(File f) {
    return new Path(f.getPath());
  }

  private static String[] resolve(String[] args) {
    Map<String, String> places =
        Map.ofEntries(
            Map.entry("{crawl}", "crawl"),
            Map.entry("{crawldb}", "crawl/crawldb"),
            Map.entry("{locked}", "crawl/lockeddb"),
            Map.entry("{segments}", "crawl/segments"),
            Map.entry("{gen}", "crawl/segments/20240101000000"),
            Map.entry("{fetched}", "crawl/segments/20240102000000"),
            Map.entry("{parsed}", "crawl/segments/20240103000000"),
            Map.entry("{urls}", "urls"),
            Map.entry("{empty}", "empty"),
            Map.entry("{file}", "afile.txt"),
            Map.entry("{foreign}", "foreign"),
            Map.entry("{missing}", "no/such/dir"));
    String[] resolved = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("{out}")) {
        resolved[i] = new File(tmp.getRoot(), "out-" + (++outputs)).getPath();
      } else if (places.containsKey(a)) {
        resolved[i] = new File(root, places.get(a)).getPath();
      } else {
        resolved[i] = a;
      }
    }
    return resolved;
  }

  @Test
  public void oneClearLineTheRightExitCodeAndTheDataUntouched() throws Exception {
    String[] command = resolve(args);
    String before = DirectoryDigest.of(root);

    CommandRun run;
    InputStream stdin = System.in;
    try {
      System.setIn(InputStream.nullInputStream()); // urlcheck reads it: empty, as from /dev/null
      run = CommandRun.run(conf, command);
    } finally {
      System.setIn(stdin);
    }

    String[] lines = run.errLines();
    String prefix = args[0].equals("bogus") ? "trawler: " : "trawler " + args[0] + ": ";
    assertEquals(run.toString(), exitCode, run.exitCode);
    assertTrue(run.toString(), lines.length > 0 && lines[0].startsWith(prefix));
    assertTrue(
        "says " + message + ":\n" + run,
        lines[0].toLowerCase(Locale.ROOT).contains(message.toLowerCase(Locale.ROOT)));
    assertEquals(
        "one trawler line:\n" + run,
        1,
        Arrays.stream(lines)
            .filter(l -> l.startsWith("trawler ") || l.startsWith("trawler:"))
            .count());
    String setting = setting(args);
    if (setting != null) {
      String value = setting.substring(setting.indexOf('=') + 1);
      if (message.equals(SECRET_REFUSED) || message.equals(CREDENTIALS_IN_URL)) {
        assertFalse("never shows the secret:\n" + run, run.err.contains(value));
        assertFalse("never shows the secret:\n" + run, run.out.contains(value));
      } else {
        assertTrue("names the value " + value + ":\n" + run, lines[0].contains(value));
      }
      assertEquals("one line, no usage:\n" + run, 1, lines.length);
    } else if (exitCode == USAGE && message.startsWith("unknown command")) {
      // not the whole list of commands after it: the line says where the list is
      assertEquals("one line:\n" + run, 1, lines.length);
    } else if (exitCode == USAGE) {
      assertTrue(
          "usage follows:\n" + run, lines.length > 1 && lines[1].startsWith("usage: bin/crawl"));
    } else {
      assertEquals("one line:\n" + run, 1, lines.length);
    }
    assertFalse(run.toString(), run.err.contains("\tat ") || run.out.contains("\tat "));
    assertEquals("crawl data untouched", before, DirectoryDigest.of(root));
  }
}
