package org.trawler.jobs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.cli.Main;

/**
 * Package arrows show no cycle (issue 39 item 8): the packages of crawler-core and crawler-jobs,
 * with an arrow from one to another when a class of the first uses a class of the second, form no
 * cycle, so each package can be read, tested and moved knowing only the packages below it. Reads
 * the compiled classes with the JDK's jdeps (nothing is loaded). A failure lists each cycle's
 * packages and the class arrows that close it: move the shared type below both packages.
 */
public class PackageCyclesTest {
  /** One jdeps line: {@code org.trawler.a.B -> org.trawler.c.D classes}. */
  private static final Pattern ARROW =
      Pattern.compile("^\\s+(org\\.trawler\\.\\S+)\\s+->\\s+(org\\.trawler\\.\\S+)\\s");

  @Test
  public void packageArrowsShowNoCycle() throws Exception {
    Map<String, Set<String>> classArrows =
        classArrows(List.of(where(CrawlerConfiguration.class), where(Main.class)));
    assertTrue("jdeps found no classes of ours", classArrows.size() > 100);
    Map<String, Set<String>> packages = new TreeMap<>();
    for (Map.Entry<String, Set<String>> e : classArrows.entrySet()) {
      for (String to : e.getValue()) {
        String from = packageOf(e.getKey());
        if (!from.equals(packageOf(to))) {
          packages.computeIfAbsent(from, k -> new TreeSet<>()).add(packageOf(to));
        }
      }
    }
    List<String> cycles = new ArrayList<>();
    for (Set<String> cycle : cycles(packages)) {
      StringBuilder line = new StringBuilder("cycle " + cycle + ":");
      classArrows.forEach(
          (from, tos) -> {
            for (String to : tos) {
              String a = packageOf(from);
              String b = packageOf(to);
              if (!a.equals(b) && cycle.contains(a) && cycle.contains(b)) {
                line.append(' ').append(from).append(" -> ").append(to).append(';');
              }
            }
          });
      cycles.add(line.toString());
    }
    assertEquals("package cycles (move the shared type below both)", List.of(), cycles);
  }

  /** The classes of ours each class of ours uses, as jdeps reports them. */
  private static Map<String, Set<String>> classArrows(List<Path> classes) {
    ToolProvider jdeps =
        ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in JDK"));
    List<String> args = new ArrayList<>(List.of("-verbose:class", "-filter:none"));
    classes.forEach(p -> args.add(p.toString()));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = jdeps.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
    assertEquals("jdeps " + args + ": " + err, 0, exit);
    Map<String, Set<String>> arrows = new TreeMap<>();
    for (String line : out.toString().split("\n")) {
      Matcher m = ARROW.matcher(line);
      if (m.find()) {
        arrows.computeIfAbsent(outer(m.group(1)), k -> new TreeSet<>()).add(outer(m.group(2)));
      }
    }
    return arrows;
  }

  private static Path where(Class<?> anchor) throws Exception {
    return Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static String outer(String className) {
    int dollar = className.indexOf('$');
    return dollar < 0 ? className : className.substring(0, dollar);
  }

  private static String packageOf(String className) {
    return className.substring(0, className.lastIndexOf('.'));
  }

  /** The strongly connected components of more than one package (Tarjan). */
  static List<Set<String>> cycles(Map<String, Set<String>> arrows) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    List<Set<String>> found = new ArrayList<>();
    for (String start : arrows.keySet()) {
      if (!index.containsKey(start)) {
        connect(start, arrows, index, low, stack, found);
      }
    }
    return found;
  }

  private static void connect(
      String v,
      Map<String, Set<String>> arrows,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Deque<String> stack,
      List<Set<String>> found) {
    index.put(v, index.size());
    low.put(v, index.get(v));
    stack.push(v);
    for (String w : arrows.getOrDefault(v, Set.of())) {
      if (!index.containsKey(w)) {
        connect(w, arrows, index, low, stack, found);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      Set<String> component = new TreeSet<>();
      String w;
      do {
        w = stack.pop();
        component.add(w);
      } while (!w.equals(v));
      if (component.size() > 1) {
        found.add(component);
      }
    }
  }

  @Test
  public void aCycleOfTwoPackagesIsFoundAndAChainIsNot() {
    assertEquals(
        List.of(Set.of("a", "b")),
        cycles(Map.of("a", Set.of("b"), "b", Set.of("a", "c"), "c", Set.of())));
    assertEquals(List.of(), cycles(Map.of("a", Set.of("b"), "b", Set.of("c"))));
  }
}
