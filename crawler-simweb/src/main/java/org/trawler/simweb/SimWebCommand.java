package org.trawler.simweb;

import java.io.IOException;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.trawler.core.UserException;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.simweb.web.BroadWeb;
import org.trawler.simweb.web.WebServer;
import org.trawler.simweb.web.WebShape;
import org.trawler.simweb.web.WebTopics;

/**
 * {@code simweb}: serves a {@link SiteModel} with a {@link SimWebServer} until stopped (Ctrl-C,
 * kill). Prints the seed URLs on stdout, one per line, or writes them to {@code --seeds-file}. With
 * {@code --profile web} it serves a {@link BroadWeb} of named hosts instead, and says how to pin
 * their names (http.resolve, or the file of --resolve-file).
 */
public class SimWebCommand extends CrawlTool {
  /** The profile of the broad web of named hosts, which is not a {@link SiteProfile}. */
  public static final String WEB_PROFILE = "web";

  @Override
  public String name() {
    return "simweb";
  }

  @Override
  public String synopsis() {
    return "[--profile default|apidocs|docs|web] [--sites S] [--resolve-file FILE] [--hosts H] [--pages P] [--outlinks K] [--nav-links N]"
        + " [--page-kb KB] [--max-page-kb KB] [--latency-ms MS] [--port PORT]"
        + " [--redirect-pct X] [--notfound-pct X] [--error-pct X] [--disallow-pct X]"
        + " [--reset-pct X] [--slow-pct X] [--slow-ms MS] [--loop-pct X] [--huge-pct X]"
        + " [--huge-kb KB] [--docs-pct X] [--js-pct X] [--seed N]"
        + " [--seeds-file FILE] [--seed-all]";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(
        valued(
            "profile",
            "NAME",
            "site shape whose settings are the defaults of the others: default, apidocs"
                + " (reference documentation: nav bars, member tables, 50-200 kB pages), docs"
                + " (documentation as published: 530 pages of 35-95 kB, 30 outlinks); or web:"
                + " a broad web of named hosts with traps, copies, soft 404s and rate limits"
                + " (--sites, --pages in all, --seed, --port, --threads)"));
    o.addOption(
        valued(
            "sites",
            "S",
            "--profile web: registered domains, about 2.3 hosts each (default "
                + WebShape.DEFAULT.sites()
                + "; --pages then counts real pages in all, default "
                + WebShape.DEFAULT.pages()
                + ")"));
    o.addOption(
        valued(
            "resolve-file",
            "FILE",
            "--profile web: write the host names and addresses to FILE for http.resolve.file"
                + " instead of printing the http.resolve value"));
    o.addOption(valued("hosts", "H", "number of hosts: 127.0.0.2, 127.0.0.3, ... (default 10)"));
    o.addOption(valued("pages", "P", "pages per host (default 100)"));
    o.addOption(valued("outlinks", "K", "links per page besides the nav bar (default 10)"));
    o.addOption(
        valued("nav-links", "N", "links of the nav bar at top and bottom of pages (default 0)"));
    o.addOption(valued("page-kb", "KB", "page size in kB (default 10)"));
    o.addOption(
        valued("max-page-kb", "KB", "page sizes spread from page-kb to this (default 0: none)"));
    o.addOption(valued("latency-ms", "MS", "delay before every response (default 0)"));
    o.addOption(valued("port", "PORT", "port of every host; 0 = a free one (default 8080)"));
    o.addOption(
        valued("redirect-pct", "X", "percent of pages that redirect with 301/302 (default 5)"));
    o.addOption(valued("notfound-pct", "X", "percent of pages that answer 404 (default 5)"));
    o.addOption(valued("error-pct", "X", "percent of pages that answer 500 (default 2)"));
    o.addOption(
        valued("disallow-pct", "X", "percent of pages disallowed by robots.txt (default 5)"));
    o.addOption(
        valued(
            "reset-pct",
            "X",
            "percent of pages whose connection is closed unanswered (default 0)"));
    o.addOption(valued("slow-pct", "X", "percent of pages answered after --slow-ms (default 0)"));
    o.addOption(valued("slow-ms", "MS", "delay of a slow page, ms (default 5000)"));
    o.addOption(
        valued("loop-pct", "X", "percent of pages in a redirect loop A -> B -> A (default 0)"));
    o.addOption(
        valued("huge-pct", "X", "percent of pages of --huge-kb, streamed, no links (default 0)"));
    o.addOption(valued("huge-kb", "KB", "size of a huge page in kB (default 4096)"));
    o.addOption(
        valued(
            "docs-pct",
            "X",
            "percent of pages that are documents: PDF, DOCX, ODT, text, RSS and Atom feeds,"
                + " with links inside (default 0)"));
    o.addOption(
        valued(
            "js-pct",
            "X",
            "percent of HTML pages whose links after the nav bar and one sentence are written by"
                + " their script from a JSON the site serves (default 0)"));
    o.addOption(
        valued(
            "langs",
            "CODES",
            "languages of the pages, comma-separated: "
                + String.join(",", SimWebLanguages.codes())
                + " (default: none, English-looking words)"));
    o.addOption(valued("cross-host-pct", "X", "percent of links to another host (default 20)"));
    o.addOption(valued("seed", "N", "seed of the link graph and texts (default 1)"));
    o.addOption(topicsOption());
    o.addOption(valued("threads", "N", "server threads shared by all hosts (default 256)"));
    o.addOption(valued("seeds-file", "FILE", "write the seed URLs to FILE instead of stdout"));
    o.addOption(
        Option.builder()
            .longOpt("seed-all")
            .desc("seed URLs are every page, not only the home pages")
            .build());
    return o;
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {0, 0};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    if (WEB_PROFILE.equals(cmd.getOptionValue("profile"))) {
      return serveWeb(cmd);
    }
    SimWebServer server = server(cmd);
    try {
      server.start();
    } catch (BindException e) {
      throw new UserException(e.getMessage() + " (another simweb running? try --port 0)");
    }
    serveUntilStopped(
        server::stop,
        () -> {
          printSeeds(server.site(), cmd.getOptionValue("seeds-file"), cmd.hasOption("seed-all"));
          err().println(allowHint(server.site().addresses()));
          err()
              .println(
                  "simweb: serving "
                      + server.site().hosts()
                      + " hosts on port "
                      + server.port()
                      + " until stopped (Ctrl-C)");
        });
    return 0;
  }

  /** What simweb says once it serves: where its seeds and names are. */
  @FunctionalInterface
  private interface Announcement {
    void run() throws Exception;
  }

  /**
   * Runs {@code announce}, then serves until Ctrl-C (a shutdown hook) or an interrupt from inside
   * the JVM (tests), and stops the server once either way.
   */
  private static void serveUntilStopped(Runnable stop, Announcement announce) throws Exception {
    CountDownLatch stopped = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              stop.run();
              stopped.countDown();
            },
            "simweb-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      announce.run();
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      if (stopped.getCount() > 0) {
        Runtime.getRuntime().removeShutdownHook(hook);
        stop.run();
      }
    }
  }

  /** --topics: pages about one of K topics ({@link WebTopics}); the default web has none. */
  public static final String TOPICS = "topics";

  /** The --topics option of simweb --profile web and bench --broad. */
  public static Option topicsOption() {
    return valued(
        TOPICS,
        "K",
        "--profile web: each host and its pages are about one of K topics (1 to "
            + WebTopics.MAX
            + ": "
            + String.join(", ", WebTopics.names(WebTopics.MAX))
            + "), links mostly within a topic (default 0: no topics)");
  }

  /**
   * The broad web's shape from --sites, --pages, --seed and --topics (simweb --profile web, bench
   * --broad).
   */
  public static WebShape webShape(CommandLine cmd) throws UsageException {
    try {
      return WebShape.DEFAULT
          .sized(
              intOption(cmd, "sites", WebShape.DEFAULT.sites()),
              intOption(cmd, "pages", WebShape.DEFAULT.pages()))
          .seeded(longOption(cmd, "seed", 1))
          .withTopics(intOption(cmd, TOPICS, 0));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** --profile web: serves the broad web until stopped. */
  private int serveWeb(CommandLine cmd) throws Exception {
    WebShape shape = webShape(cmd);
    WebServer server;
    try {
      server =
          WebServer.start(
              BroadWeb.build(shape, intOption(cmd, "port", 8080)), intOption(cmd, "threads", 256));
    } catch (BindException e) {
      throw new UserException(e.getMessage() + " (another simweb running? try --port 0)");
    }
    serveUntilStopped(
        server::close,
        () -> {
          BroadWeb web = server.web();
          String resolveFile = cmd.getOptionValue("resolve-file");
          if (resolveFile != null) {
            Path file = Paths.get(resolveFile).toAbsolutePath();
            writeAtomically(file, web.resolveLines(), "resolve file");
            err().println("simweb: pin the host names with -D http.resolve.file=" + file);
          } else {
            err()
                .println("simweb: pin the host names with -D http.resolve=" + web.resolveSetting());
          }
          err().println(allowHint(web.addresses()));
          String seedsFile = cmd.getOptionValue("seeds-file");
          if (seedsFile == null) {
            web.seeds().forEach(out()::println);
            out().flush();
          } else {
            Path file = Paths.get(seedsFile).toAbsolutePath();
            writeAtomically(file, web.seeds(), "seeds file");
            err().println("seed URLs written to " + file);
          }
          err()
              .println(
                  "simweb: serving "
                      + web.hosts().size()
                      + " hosts on "
                      + web.addresses().size()
                      + " addresses, "
                      + web.realPages()
                      + " real pages, port "
                      + web.port()
                      + ", until stopped (Ctrl-C)");
        });
    return 0;
  }

  /** The address policy denies loopback: a crawl of simweb lets its addresses through, no other. */
  static String allowHint(List<String> addresses) {
    return "simweb: let a crawl reach these hosts (and no other loopback address) with "
        + ServedAddresses.option(addresses);
  }

  /** Writes beside and renames, so a script waiting for the file never reads half of it. */
  private static void writeAtomically(Path file, List<String> lines, String what)
      throws IOException, UserException {
    Path partial = file.resolveSibling("." + file.getFileName() + ".partial");
    try {
      Files.createDirectories(file.getParent());
      Files.write(partial, lines);
    } catch (IOException e) {
      throw new UserException("cannot write the " + what + " " + file + ": " + e);
    }
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static SimWebServer server(CommandLine cmd) throws UsageException {
    try {
      SiteProfile profile = SiteProfile.named(cmd.getOptionValue("profile", "default"));
      SiteModel site =
          SiteModel.builder()
              .profile(profile)
              .hosts(intOption(cmd, "hosts", profile.hosts()))
              .pages(intOption(cmd, "pages", profile.pages()))
              .outlinks(intOption(cmd, "outlinks", profile.outlinks()))
              .navLinks(intOption(cmd, "nav-links", profile.navLinks()))
              .pageKb(intOption(cmd, "page-kb", profile.pageKb()))
              .maxPageKb(intOption(cmd, "max-page-kb", profile.maxPageKb()))
              .port(intOption(cmd, "port", 8080))
              .redirectPct(doubleOption(cmd, "redirect-pct", 5))
              .notFoundPct(doubleOption(cmd, "notfound-pct", 5))
              .errorPct(doubleOption(cmd, "error-pct", 2))
              .disallowPct(doubleOption(cmd, "disallow-pct", 5))
              .crossHostPct(doubleOption(cmd, "cross-host-pct", profile.crossHostPct()))
              .resetPct(doubleOption(cmd, "reset-pct", 0))
              .slowPct(doubleOption(cmd, "slow-pct", 0))
              .slowMs(intOption(cmd, "slow-ms", 5000))
              .loopPct(doubleOption(cmd, "loop-pct", 0))
              .hugePct(doubleOption(cmd, "huge-pct", 0))
              .hugeKb(intOption(cmd, "huge-kb", 4096))
              .docsPct(doubleOption(cmd, "docs-pct", 0))
              .jsPct(doubleOption(cmd, "js-pct", 0))
              .seed(longOption(cmd, "seed", 1))
              .langs(langs(cmd.getOptionValue("langs", "")))
              .build();
      return SimWebServer.builder(site)
          .latencyMs(intOption(cmd, "latency-ms", 0))
          .threads(intOption(cmd, "threads", 256))
          .build();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** The codes of --langs: commas or spaces between them. */
  static List<String> langs(String option) {
    List<String> codes = new ArrayList<>();
    for (String code : option.split("[,\\s]+")) {
      if (!code.isEmpty()) {
        codes.add(code.toLowerCase(Locale.ROOT));
      }
    }
    return codes;
  }

  private void printSeeds(SiteModel site, String seedsFile, boolean allPages)
      throws IOException, UserException {
    if (seedsFile == null) {
      for (String url : allPages ? site.allUrls() : site.seeds()) {
        out().println(url);
      }
      out().flush();
      return;
    }
    Path file = Paths.get(seedsFile).toAbsolutePath();
    // Written beside and renamed, so a script waiting for the file never reads half of it.
    Path partial = file.resolveSibling("." + file.getFileName() + ".partial");
    try {
      Files.createDirectories(file.getParent());
      site.writeSeedFile(partial, allPages);
    } catch (IOException e) {
      throw new UserException("cannot write the seeds file " + file + ": " + e);
    }
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    err().println("seed URLs written to " + file);
  }
}
