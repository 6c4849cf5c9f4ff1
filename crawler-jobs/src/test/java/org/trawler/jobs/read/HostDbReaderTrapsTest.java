package org.trawler.jobs.read;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Map;
import org.junit.Test;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.io.JsonOutput;

/** readhostdb shows the trap templates: each with its evidence and budget, and their totals. */
public class HostDbReaderTrapsTest {
  private static HostDatum withTraps() {
    HostDatum h = new HostDatum();
    h.setTraps(
        Map.of(
            "/calendar/{n}-{n}/", new HostDatum.Trap(12, 4),
            "/list?color&size", new HostDatum.Trap(5, 0)));
    return h;
  }

  @Test
  public void aHostsTrapsAreDumpedWithTheirEvidenceAndBudget() throws IOException {
    StringWriter out = new StringWriter();
    JsonOutput json = new JsonOutput(out);
    HostDbReader.write(json, "www.a.test", withTraps());
    json.flush();
    assertTrue(
        out.toString(),
        out.toString()
            .contains(
                "\"traps\":{\"/calendar/{n}-{n}/\":{\"evidence\":12,\"budget\":4},"
                    + "\"/list?color&size\":{\"evidence\":5,\"budget\":0}}"));
  }

  @Test
  public void statsCountHostsWithTrapsAndTheirTemplatesAcrossParts() throws IOException {
    HostDbReader.Stats first = new HostDbReader.Stats();
    first.add(withTraps());
    first.add(new HostDatum());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    first.write(new DataOutputStream(bytes));
    HostDbReader.Stats read = new HostDbReader.Stats();
    read.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    HostDbReader.Stats second = new HostDbReader.Stats();
    second.add(withTraps());
    read.merge(second);
    String table = read.table("hostdb");
    assertTrue(table, table.contains("\nhosts with trap templates:      2\n"));
    assertTrue(table, table.contains("\ntrap templates:                 4\n"));
    String none = new HostDbReader.Stats().table("hostdb");
    assertFalse(none, none.contains("trap"));
  }
}
