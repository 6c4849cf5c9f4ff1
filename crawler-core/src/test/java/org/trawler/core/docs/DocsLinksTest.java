package org.trawler.core.docs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.Test;

/**
 * Every relative link in README.md and docs/*.md resolves: the file exists, and an anchor names a
 * heading of the file it points to (as GitHub makes anchors from headings).
 */
public class DocsLinksTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)[^)]*\\)");
  private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");
  private static final int README_MAX_LINES = 200;

  @Test
  public void everyRelativeLinkAndAnchorResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path doc : documents()) {
      for (String target : links(doc)) {
        String problem = problem(doc, target);
        if (problem != null) {
          broken.add(ROOT.relativize(doc) + ": " + target + " (" + problem + ")");
        }
      }
    }
    assertEquals("broken links:\n" + String.join("\n", broken), List.of(), broken);
  }

  @Test
  public void theReadmeIsAFrontDoor() throws IOException {
    int lines = Files.readAllLines(ROOT.resolve("README.md")).size();
    assertTrue(
        "README.md has "
            + lines
            + " lines; keep it to "
            + README_MAX_LINES
            + " and put "
            + "reference text in docs/",
        lines <= README_MAX_LINES);
  }

  @Test
  public void anchorsAreMadeAsGitHubMakesThem() {
    assertEquals(
        "fetch-fetch-segment--threads-n--force",
        anchor("Fetch: `fetch <segment> [-threads N] [-force]`"));
    assertEquals("json-lines", anchor("JSON Lines"));
    assertEquals("what-to-raise", anchor("What to raise"));
  }

  private static List<Path> documents() throws IOException {
    List<Path> docs = new ArrayList<>();
    docs.add(ROOT.resolve("README.md"));
    try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  /** The link targets of a Markdown file, outside code blocks and code spans. */
  static List<String> links(Path doc) throws IOException {
    List<String> targets = new ArrayList<>();
    boolean fenced = false;
    for (String line : Files.readAllLines(doc)) {
      if (line.trim().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced || line.startsWith("    ") || line.startsWith("\t")) {
        continue;
      }
      Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
      while (m.find()) {
        targets.add(m.group(1));
      }
    }
    return targets;
  }

  /** Why a link does not resolve, or null when it does. */
  private static String problem(Path doc, String target) throws IOException {
    if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
      return null; // http:, https:, mailto: are not checked here
    }
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    Path resolved = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
    if (!Files.exists(resolved)) {
      return "no such file";
    }
    if (hash < 0) {
      return null;
    }
    if (!resolved.toString().endsWith(".md")) {
      return "an anchor into a file that is not Markdown";
    }
    return anchors(resolved).contains(target.substring(hash + 1)) ? null : "no such heading";
  }

  private static Set<String> anchors(Path doc) throws IOException {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean fenced = false;
    for (String line : Files.readAllLines(doc)) {
      if (line.trim().startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced && line.matches("^#{1,6} .*")) {
        String a = anchor(line.replaceFirst("^#+ ", ""));
        int n = seen.merge(a, 1, Integer::sum);
        anchors.add(n == 1 ? a : a + "-" + (n - 1));
      }
    }
    return anchors;
  }

  /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
  static String anchor(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase();
    StringBuilder a = new StringBuilder();
    text.codePoints()
        .forEach(
            c -> {
              if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                a.appendCodePoint(c);
              } else if (c == ' ') {
                a.append('-');
              }
            });
    return a.toString();
  }
}
