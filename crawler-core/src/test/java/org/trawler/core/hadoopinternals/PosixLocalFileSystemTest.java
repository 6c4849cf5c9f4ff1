package org.trawler.core.hadoopinternals;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;

public class PosixLocalFileSystemTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void theCrawlersLocalFileSystemIsThisOne() throws Exception {
    try (FileSystem fs = FileSystem.newInstance(URI.create("file:///"), conf())) {
      assertTrue(fs.getClass().getName(), fs instanceof PosixLocalFileSystem);
    }
  }

  @Test
  public void filesAndDirectoriesGetThePermissionsAsked() throws Exception {
    try (FileSystem fs = FileSystem.newInstance(URI.create("file:///"), conf())) {
      Path dir = new Path(tmp.getRoot().toURI().toString(), "a/b");
      assertTrue(fs.mkdirs(dir, new FsPermission((short) 0750)));
      Path file = new Path(dir, "part");
      try (FSDataOutputStream out =
          fs.create(file, new FsPermission((short) 0640), true, 4096, (short) 1, 1 << 20, null)) {
        out.writeUTF("x");
      }
      fs.setPermission(file, new FsPermission((short) 0604));
      assertEquals("rwxr-x---", mode(new File(tmp.getRoot(), "a/b")));
      assertEquals("rw----r--", mode(new File(tmp.getRoot(), "a/b/part")));
      assertEquals(new FsPermission((short) 0604), fs.getFileStatus(file).getPermission());
      assertEquals(new FsPermission((short) 0750), fs.getFileStatus(dir).getPermission());
      FileStatus listed = fs.listStatus(dir)[0];
      assertEquals(file.getName(), listed.getPath().getName());
      assertEquals(new FsPermission((short) 0604), listed.getPermission());
      assertEquals(System.getProperty("user.name"), listed.getOwner());
      assertEquals(
          Files.readAttributes(
                  new File(tmp.getRoot(), "a/b/part").toPath(), PosixFileAttributes.class)
              .group()
              .getName(),
          listed.getGroup());
    }
  }

  @Test
  public void theStickyBitIsLeftToHadoop() {
    assertNull(PosixLocalFileSystem.posix(new FsPermission((short) 01777)));
    assertEquals(
        PosixFilePermissions.fromString("rwx--x-w-"),
        PosixLocalFileSystem.posix(new FsPermission((short) 0712)));
  }

  private static Configuration conf() {
    return CrawlerConfiguration.create();
  }

  private static String mode(File f) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(f.toPath()));
  }
}
