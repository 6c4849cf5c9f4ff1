package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class DurableFilesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();

  @Test
  public void syncsAVersionWithItsPartsAndChecksums() throws Exception {
    File version = tmp.newFolder("version");
    Files.writeString(new File(version, "part-r-00000").toPath(), "records");
    new File(version, "part-r-00001").mkdir();
    Files.writeString(new File(version, "part-r-00001/data").toPath(), "records");
    Files.writeString(new File(version, "part-r-00001/.data.crc").toPath(), "crc");
    FileSystem fs = FileSystem.getLocal(conf);

    DurableFiles.of(conf).syncTree(fs, new Path(version.getPath()));
    DurableFiles.of(conf).syncDirectory(fs, new Path(tmp.getRoot().getPath()));

    assertEquals("records", Files.readString(new File(version, "part-r-00001/data").toPath()));
  }

  @Test
  public void anUnsyncableFileIsNamed() throws Exception {
    File version = tmp.newFolder("version");
    Files.writeString(new File(version, "part-r-00000").toPath(), "records");
    File lost = unsyncableEntry(version);
    try {
      DurableFiles.of(conf).syncTree(FileSystem.getLocal(conf), new Path(version.getPath()));
      fail("an unsyncable file must fail the install");
    } catch (IOException e) {
      assertTrue(e.getMessage(), e.getMessage().startsWith("cannot sync " + lost.getPath()));
    }
  }

  @Test
  public void offWhenDisabledAndForMissingDirectories() throws Exception {
    conf.setBoolean(StoreKeys.FSYNC, false);
    File version = tmp.newFolder("version");
    unsyncableEntry(version);
    FileSystem fs = FileSystem.getLocal(conf);

    DurableFiles.of(conf).syncTree(fs, new Path(version.getPath())); // would fail if it synced
    DurableFiles.of(new Configuration()).syncTree(fs, new Path(tmp.getRoot().getPath(), "none"));
  }

  /**
   * An entry no one can open, root included (CI runs as root, who reads any file whatever its
   * mode): a symbolic link to a file that was removed, as a half-cleaned part directory holds.
   */
  private static File unsyncableEntry(File dir) throws IOException {
    File link = new File(dir, "part-r-00001");
    Files.createSymbolicLink(link.toPath(), new File(dir, "removed").toPath());
    assertTrue(Files.isSymbolicLink(link.toPath()));
    return link;
  }
}
