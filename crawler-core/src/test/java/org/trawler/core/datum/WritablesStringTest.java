package org.trawler.core.datum;

import static org.junit.Assert.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import org.apache.hadoop.io.Text;
import org.junit.Test;

/** Writables.writeString writes the bytes Text.writeString writes, for any Java string. */
public class WritablesStringTest {
  private static final char[] ALPHABET = {
    'a', ' ', 'é', '\u00FF', '\u0100', '€', '\u4E2D', '\uD83D', '\uDE00', '\uDBFF', '\uDC00',
    '\u0000', '\uFFFF', '\uFFFD'
  };

  private static byte[] bytes(String s, boolean ours) throws IOException {
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bo);
    if (ours) {
      Writables.writeString(out, s);
    } else {
      Text.writeString(out, s);
    }
    return bo.toByteArray();
  }

  @Test
  public void sameBytesAsTextWriteStringIncludingUnpairedSurrogates() throws IOException {
    SplittableRandom rnd = new SplittableRandom(3);
    for (int n = 0; n < 20_000; n++) {
      StringBuilder sb = new StringBuilder();
      for (int i = rnd.nextInt(10); i > 0; i--) {
        sb.append(ALPHABET[rnd.nextInt(ALPHABET.length)]);
      }
      String s = sb.toString();
      assertArrayEquals(s, bytes(s, false), bytes(s, true));
    }
    String longString = "x".repeat(300) + "\uD83D";
    assertArrayEquals(bytes(longString, false), bytes(longString, true));
  }
}
