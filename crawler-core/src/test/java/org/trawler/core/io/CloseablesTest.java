package org.trawler.core.io;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.fail;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

public class CloseablesTest {
  @Test
  public void everyOneIsClosedAndTheFirstFailureIsThrown() {
    List<String> closed = new ArrayList<>();
    IOException first = new IOException("disk full on part 1");
    IOException second = new IOException("disk full on part 3");
    List<Closeable> all =
        List.of(
            () -> closed.add("part 0"),
            () -> {
              closed.add("part 1");
              throw first;
            },
            () -> closed.add("part 2"),
            () -> {
              closed.add("part 3");
              throw second;
            });
    try {
      Closeables.closeAll(all);
      fail("a failed close must be thrown");
    } catch (IOException e) {
      assertSame(first, e);
      assertEquals(List.of(second), List.of(e.getSuppressed()));
    }
    assertEquals(List.of("part 0", "part 1", "part 2", "part 3"), closed);
  }

  @Test
  public void nothingIsThrownWhenAllClose() throws IOException {
    List<String> closed = new ArrayList<>();
    Closeables.closeAll(List.of(() -> closed.add("a"), () -> closed.add("b")));
    assertEquals(List.of("a", "b"), closed);
  }
}
