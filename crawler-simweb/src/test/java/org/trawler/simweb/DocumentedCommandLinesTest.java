package org.trawler.simweb;

import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.Test;
import org.trawler.jobs.Command;
import org.trawler.jobs.cli.Main;

/**
 * Every {@code bin/crawl <command> ...} in README.md and docs/*.md (code blocks and inline code)
 * names a real command and only options that command has. (This module's classpath has every
 * command: the job jar's, the console's and its own.)
 */
public class DocumentedCommandLinesTest {
  private static final Path ROOT = Path.of("..");

  /** Hadoop's generic options, which every command takes, and help. */
  private static final Set<String> GENERIC =
      Set.of("-D", "-conf", "-fs", "-jt", "-files", "-libjars", "-archives", "-h", "--help");

  private static final Pattern INLINE = Pattern.compile("`(bin/crawl [^`]*)`");
  private static final Pattern CALL =
      Pattern.compile("bin/crawl((?: --cluster| --local)?) (\\S.*)");

  @Test
  public void everyDocumentedCommandLineNamesARealCommandWithRealOptions() throws Exception {
    Map<String, String> usages = new TreeMap<>();
    for (Command c : Main.commands()) {
      usages.put(c.name(), c.tool().get().usage());
    }
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (Path doc : docs()) {
      List<String> lines = Files.readAllLines(doc);
      for (int i = 0; i < lines.size(); i++) {
        if (i + 1 < lines.size()
            && (lines.get(i + 1).contains("did you mean")
                || lines.get(i + 1).contains("trawler: unknown command"))) {
          continue; // an example of a mistake and its message (whose own line is checked)
        }
        for (String call : calls(lines.get(i))) {
          String where = ROOT.relativize(doc) + ":" + (i + 1) + ": " + call;
          List<String> tokens = tokens(call);
          if (tokens.isEmpty() || tokens.get(0).startsWith("<")) {
            continue; // the general form, bin/crawl <command> [options]
          }
          checked++;
          String command = tokens.get(0);
          String usage = usages.get(command);
          if (usage == null) {
            problems.add(where + "\n    no command " + command);
            continue;
          }
          for (String t : tokens.subList(1, tokens.size())) {
            String option = t.replaceAll("=.*", "");
            if (option.matches("--?[A-Za-z][\\w.-]*")
                && !GENERIC.contains(option)
                && !option.startsWith("-D")
                && !hasOption(usage, option)) {
              problems.add(where + "\n    " + command + " has no option " + option);
            }
          }
        }
      }
    }
    assertTrue("found the command lines: " + checked, checked > 40);
    assertTrue(String.join("\n", problems), problems.isEmpty());
  }

  private static List<Path> docs() throws Exception {
    List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
      files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  /** The bin/crawl calls of a line: its inline code, or the line itself in a code block. */
  private static List<String> calls(String line) {
    List<String> calls = new ArrayList<>();
    if (line.startsWith("    ")) {
      Matcher m = CALL.matcher(line);
      if (m.find()) {
        calls.add("bin/crawl" + m.group(1) + " " + m.group(2));
      }
      return calls;
    }
    Matcher m = INLINE.matcher(line);
    while (m.find()) {
      calls.add(m.group(1));
    }
    return calls;
  }

  /**
   * The words after bin/crawl [--cluster|--local] up to the end of the shell command, without the
   * brackets, braces and bars of a synopsis.
   */
  private static List<String> tokens(String call) {
    List<String> tokens = new ArrayList<>();
    String[] words = call.split("\\s+");
    int start = 1;
    if (words.length > 1 && (words[1].equals("--cluster") || words[1].equals("--local"))) {
      start = 2;
    }
    for (int i = start; i < words.length; i++) {
      String w = words[i];
      if (Set.of("|", "||", "&&", "&", ";", "#", ">", "2>", "<", "\\").contains(w)
          || w.startsWith("#")) {
        break;
      }
      boolean last = w.endsWith(";") || (w.endsWith(")") && !w.contains("(") && tokens.size() > 0);
      w = w.replaceAll("[\\[\\]{}()|;\"']", "");
      if (!w.isEmpty()) {
        tokens.add(w);
      }
      if (last) {
        break; // the end of the shell command: "...csv;" or "$(bin/crawl ... -topN 1000)"
      }
    }
    return tokens;
  }

  /** Whether the usage lists the option, by either spelling. */
  private static boolean hasOption(String usage, String option) {
    String name = option.replaceFirst("^--?", "");
    return Pattern.compile("(?m)^\\s+--?" + Pattern.quote(name) + "(\\s|$)").matcher(usage).find();
  }
}
