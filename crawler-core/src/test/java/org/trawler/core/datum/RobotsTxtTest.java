package org.trawler.core.datum;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.junit.Test;

public class RobotsTxtTest {
  private static RobotsTxt read(byte[] bytes) throws IOException {
    RobotsTxt r = new RobotsTxt();
    r.readFields(new DataInputStream(new ByteArrayInputStream(bytes)));
    return r;
  }

  @Test
  public void theTdmRepAnswerTravelsWithRobotsTxtAndAnOutageKeepsIt() throws IOException {
    byte[] rules = "[]".getBytes(StandardCharsets.UTF_8);
    RobotsTxt a =
        RobotsTxt.file(5, "http://a.test/robots.txt", new byte[] {'#'}, "text/plain")
            .withTdmRep(RobotsTxt.TDMREP_OK, rules);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    a.write(new DataOutputStream(out));
    RobotsTxt b = read(out.toByteArray());
    assertEquals(RobotsTxt.TDMREP_OK, b.getTdmRepReason());
    assertArrayEquals(rules, b.getTdmRep());
    assertEquals(5, b.getCheckedTime());
    RobotsTxt down = RobotsTxt.unreachable(9, "http_503").after(b);
    assertArrayEquals(rules, down.getTdmRep());
  }

  @Test
  public void aVersionOneAnswerReadsAsNotAskedForTdmRep() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte(1);
    out.writeLong(7);
    Text.writeString(out, "ok");
    out.writeLong(0);
    out.writeByte(RobotsTxt.Copy.FILE.ordinal());
    Text.writeString(out, "http://a.test/robots.txt");
    Text.writeString(out, "text/plain");
    WritableUtils.writeVInt(out, 1);
    out.write('#');
    RobotsTxt old = read(bytes.toByteArray());
    assertEquals(7, old.getCheckedTime());
    assertEquals("", old.getTdmRepReason());
    assertEquals(0, old.getTdmRep().length);
  }
}
