package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.Test;
import org.trawler.jobs.crawl.PageCheck;
import org.trawler.jobs.fetch.render.Renderer;

/**
 * Rendering is a protocol (fetcher.render): the fetcher and {@code check} know only protocols.
 * Their compiled classes, inner ones included, name no class of the render package in their
 * constant pools, where every class a class uses is named.
 */
public class FetcherKnowsOnlyProtocolsTest {
  private static final String RENDER_PACKAGE =
      Renderer.class.getPackageName().replace('.', '/') + "/";

  @Test
  public void fetcherAndCheckNameNothingOfTheRenderPackage() throws Exception {
    List<String> offenders = new ArrayList<>();
    int read = 0;
    for (Class<?> c :
        List.of(FetcherThread.class, FetchTask.class, FetcherMapper.class, PageCheck.class)) {
      for (Path file : classFiles(c)) {
        read++;
        String pool = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        if (pool.contains(RENDER_PACKAGE)) {
          offenders.add(file.getFileName().toString());
        }
      }
    }
    assertTrue("read the classes and their inner classes: " + read, read > 4);
    assertEquals(List.of(), offenders);
  }

  @Test
  public void theCheckSeesTheRenderPackageWhereItIsNamed() throws Exception {
    String pool =
        new String(
            Files.readAllBytes(classFiles(Renderer.class).get(0)), StandardCharsets.ISO_8859_1);
    assertTrue(pool.contains(RENDER_PACKAGE + "BrowserPool"));
  }

  /** The class file of {@code c} and of its inner and anonymous classes, top-level first. */
  private static List<Path> classFiles(Class<?> c) throws IOException, URISyntaxException {
    Path file = Path.of(c.getResource(c.getSimpleName() + ".class").toURI());
    String inner = c.getSimpleName() + "$";
    List<Path> files = new ArrayList<>(List.of(file));
    try (Stream<Path> siblings = Files.list(file.getParent())) {
      siblings
          .filter(f -> f.getFileName().toString().startsWith(inner))
          .sorted()
          .forEach(files::add);
    }
    return files;
  }
}
