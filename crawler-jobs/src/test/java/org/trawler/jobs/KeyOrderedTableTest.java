package org.trawler.jobs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

public class KeyOrderedTableTest {
  @Test
  public void entriesLeaveInKeyOrderWhenTheTableIsFullAndItStartsEmptyAgain() throws Exception {
    KeyOrderedTable<String, List<Integer>> table = new KeyOrderedTable<>(3);
    table.entry("b", k -> new ArrayList<>()).add(1);
    assertFalse(table.hold(1));
    table.entry("a", k -> new ArrayList<>()).add(2);
    assertFalse(table.hold(1));
    table.entry("b", k -> new ArrayList<>()).add(3);
    assertTrue(table.hold(1));
    List<String> written = new ArrayList<>();
    assertEquals(2, table.writeTo((k, v) -> written.add(k + v)));
    assertEquals(List.of("a[2]", "b[1, 3]"), written);
    assertFalse(table.isFull());
    assertEquals(null, table.get("a"));
  }

  @Test(expected = IllegalArgumentException.class)
  public void aTableHoldsSomething() {
    new KeyOrderedTable<String, String>(0);
  }
}
