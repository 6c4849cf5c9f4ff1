package org.trawler.core.hadoopinternals;

import static java.nio.file.attribute.PosixFilePermission.GROUP_EXECUTE;
import static java.nio.file.attribute.PosixFilePermission.GROUP_READ;
import static java.nio.file.attribute.PosixFilePermission.GROUP_WRITE;
import static java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE;
import static java.nio.file.attribute.PosixFilePermission.OTHERS_READ;
import static java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE;
import static java.nio.file.attribute.PosixFilePermission.OWNER_EXECUTE;
import static java.nio.file.attribute.PosixFilePermission.OWNER_READ;
import static java.nio.file.attribute.PosixFilePermission.OWNER_WRITE;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's local file system (fs.file.impl in trawler-default.xml), setting permissions through
 * java.nio: without Hadoop's native library, Hadoop forks a {@code chmod} process for every file
 * and directory a job creates (staging files, task directories, part files), dozens per local job.
 * Permissions NIO cannot express (the sticky bit) and file systems without POSIX attributes still
 * go through Hadoop's own way.
 */
public class PosixLocalFileSystem extends LocalFileSystem {
  private static final PosixFilePermission[] BY_BIT = {
    OWNER_READ, OWNER_WRITE, OWNER_EXECUTE,
    GROUP_READ, GROUP_WRITE, GROUP_EXECUTE,
    OTHERS_READ, OTHERS_WRITE, OTHERS_EXECUTE
  };

  public PosixLocalFileSystem() {
    super(new Raw());
  }

  /** The raw (checksum-less) local file system underneath. */
  static class Raw extends RawLocalFileSystem {
    @Override
    public void setPermission(Path p, FsPermission permission) throws IOException {
      Set<PosixFilePermission> posix = posix(permission);
      if (posix == null) {
        super.setPermission(p, permission);
        return;
      }
      try {
        Files.setPosixFilePermissions(pathToFile(p).toPath(), posix);
      } catch (UnsupportedOperationException e) {
        super.setPermission(p, permission);
      }
    }

    @Override
    public FileStatus getFileStatus(Path p) throws IOException {
      return posixStatus(super.getFileStatus(p));
    }

    @Override
    public FileStatus[] listStatus(Path p) throws IOException {
      FileStatus[] statuses = super.listStatus(p);
      for (int i = 0; i < statuses.length; i++) {
        statuses[i] = posixStatus(statuses[i]);
      }
      return statuses;
    }

    private FileStatus posixStatus(FileStatus s) {
      return s.isSymlink() ? s : new PosixStatus(s, pathToFile(s.getPath()).toPath());
    }
  }

  /**
   * A status whose owner, group and permission are read with java.nio when first asked for
   * (Hadoop's own runs {@code ls -ld} then).
   */
  static final class PosixStatus extends FileStatus {
    private final java.nio.file.Path file;
    private final FileStatus hadoops;
    private boolean loaded;

    PosixStatus(FileStatus s, java.nio.file.Path file) {
      super(
          s.getLen(),
          s.isDirectory(),
          s.getReplication(),
          s.getBlockSize(),
          s.getModificationTime(),
          s.getAccessTime(),
          null,
          null,
          null,
          s.getPath());
      this.file = file;
      this.hadoops = s;
    }

    @Override
    public FsPermission getPermission() {
      load();
      return super.getPermission();
    }

    @Override
    public String getOwner() {
      load();
      return super.getOwner();
    }

    @Override
    public String getGroup() {
      load();
      return super.getGroup();
    }

    private synchronized void load() {
      if (loaded) {
        return;
      }
      try {
        PosixFileAttributes a = Files.readAttributes(file, PosixFileAttributes.class);
        setPermission(new FsPermission(mode(a.permissions())));
        setOwner(a.owner().getName());
        setGroup(a.group().getName());
      } catch (IOException | UnsupportedOperationException e) {
        setPermission(hadoops.getPermission());
        setOwner(hadoops.getOwner());
        setGroup(hadoops.getGroup());
      }
      loaded = true;
    }
  }

  /** The mode bits of a set of POSIX permissions. */
  static short mode(Set<PosixFilePermission> permissions) {
    short mode = 0;
    for (int i = 0; i < BY_BIT.length; i++) {
      if (permissions.contains(BY_BIT[i])) {
        mode |= (short) (1 << (BY_BIT.length - 1 - i));
      }
    }
    return mode;
  }

  /** The read, write and execute bits of {@code permission}; null if it has the sticky bit. */
  static Set<PosixFilePermission> posix(FsPermission permission) {
    if (permission.getStickyBit()) {
      return null;
    }
    short mode = permission.toShort();
    Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
    for (int i = 0; i < BY_BIT.length; i++) {
      if ((mode & (1 << (BY_BIT.length - 1 - i))) != 0) {
        set.add(BY_BIT[i]);
      }
    }
    return set;
  }
}
