package org.trawler.jobs.reliability;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import org.apache.hadoop.fs.Path;

/** Damage done to part files the way disks, full file systems and killed copies do it. */
final class CorruptFiles {
  private CorruptFiles() {}

  static File local(Path p) {
    return new File(p.toUri().getPath());
  }

  /**
   * Cuts the file to {@code fraction} of its length and drops its checksum file, as a copy cut
   * short would.
   */
  static void truncate(File file, double fraction) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file, "rw")) {
      raf.setLength((long) (raf.length() * fraction));
    }
    new File(file.getParentFile(), "." + file.getName() + ".crc").delete();
  }

  /** Flips one byte at {@code fraction} of the file, keeping its (now wrong) checksum: bit rot. */
  static void flipByte(File file, double fraction) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file, "rw")) {
      long at = (long) (raf.length() * fraction);
      raf.seek(at);
      int b = raf.read();
      raf.seek(at);
      raf.write(b ^ 0x5a);
    }
  }
}
