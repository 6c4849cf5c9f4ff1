package org.trawler.jobs.reliability;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The local file system under the scheme {@code faulty://}, failing when a test says so: the Nth
 * file creation, every write once N bytes were written ("No space left on device", as the OS says
 * it), or the Nth rename. It also counts those operations, so a test can sweep N over a clean run's
 * count, and can hold the first open of a file with a given name until the test releases it.
 *
 * <p>The plan is static (test code only): the jobs create their file systems by reflection from
 * {@code fs.faulty.impl}, in the same JVM in local mode.
 */
public final class FaultyFileSystem extends ChecksumFileSystem {
  public static final String SCHEME = "faulty";

  /** What to break; counts start at 1. Zero or less means never. */
  public static final class Plan {
    volatile long failCreate;
    volatile long fullAfterBytes;
    volatile long failRename;
    volatile String holdOpenOf;
    final CountDownLatch held = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final AtomicLong creates = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong renames = new AtomicLong();

    public Plan failCreate(long n) {
      failCreate = n;
      return this;
    }

    public Plan fullAfterBytes(long n) {
      fullAfterBytes = n;
      return this;
    }

    public Plan failRename(long n) {
      failRename = n;
      return this;
    }

    /** Holds the first open of a file named {@code name} until {@link #release()}. */
    public Plan holdOpenOf(String name) {
      holdOpenOf = name;
      return this;
    }

    public void awaitHeld() throws InterruptedException {
      if (!held.await(120, TimeUnit.SECONDS)) {
        throw new AssertionError("nothing opened " + holdOpenOf);
      }
    }

    public void release() {
      release.countDown();
    }

    public long creates() {
      return creates.get();
    }

    public long bytes() {
      return bytes.get();
    }

    public long renames() {
      return renames.get();
    }
  }

  private static volatile Plan plan = new Plan();

  /** Starts counting (and failing) afresh with {@code next}. */
  public static Plan arm(Plan next) {
    plan = next;
    return next;
  }

  /** Counts only, fails nothing. */
  public static Plan clean() {
    return arm(new Plan());
  }

  /** Makes {@code conf} resolve {@code faulty://} to this file system. */
  public static Configuration register(Configuration conf) {
    conf.setClass(
        "fs." + SCHEME + ".impl", FaultyFileSystem.class, org.apache.hadoop.fs.FileSystem.class);
    conf.setBoolean("fs." + SCHEME + ".impl.disable.cache", true);
    return conf;
  }

  /** {@code path} (a local path) on this file system. */
  public static String uri(String localPath) {
    return SCHEME + "://" + localPath;
  }

  public FaultyFileSystem() {
    super(new Raw());
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  public URI getUri() {
    return Raw.NAME;
  }

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    super.initialize(name, conf);
    setConf(conf);
  }

  /** The raw local file system, renamed and breakable. */
  static final class Raw extends RawLocalFileSystem {
    static final URI NAME = URI.create(SCHEME + ":///");

    @Override
    public URI getUri() {
      return NAME;
    }

    @Override
    public String getScheme() {
      return SCHEME;
    }

    @Override
    protected OutputStream createOutputStream(Path f, boolean append) throws IOException {
      return failing(f, super.createOutputStream(f, append));
    }

    @Override
    protected OutputStream createOutputStreamWithMode(
        Path f, boolean append, FsPermission permission) throws IOException {
      return failing(f, super.createOutputStreamWithMode(f, append, permission));
    }

    private static OutputStream failing(Path f, OutputStream out) throws IOException {
      Plan p = plan;
      if (p.creates.incrementAndGet() == p.failCreate) {
        out.close();
        throw new IOException("injected failure creating " + f);
      }
      return new FilterOutputStream(out) {
        @Override
        public void write(int b) throws IOException {
          count(1);
          out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          count(len);
          out.write(b, off, len);
        }

        private void count(int n) throws IOException {
          long after = p.bytes.addAndGet(n);
          if (p.fullAfterBytes > 0 && after > p.fullAfterBytes) {
            throw new IOException("No space left on device");
          }
        }
      };
    }

    @Override
    public boolean rename(Path src, Path dst) throws IOException {
      Plan p = plan;
      if (p.renames.incrementAndGet() == p.failRename) {
        throw new IOException("injected failure renaming " + src + " to " + dst);
      }
      return super.rename(src, dst);
    }

    // The local statuses load their permissions through java.io.File, which knows only file: URIs.
    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
      return plain(super.getFileStatus(f));
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
      FileStatus[] all = super.listStatus(f);
      for (int i = 0; i < all.length; i++) {
        all[i] = plain(all[i]);
      }
      return all;
    }

    private static FileStatus plain(FileStatus st) {
      return new FileStatus(
          st.getLen(),
          st.isDirectory(),
          1,
          st.getBlockSize(),
          st.getModificationTime(),
          st.getAccessTime(),
          st.isDirectory() ? FsPermission.getDirDefault() : FsPermission.getFileDefault(),
          "trawler",
          "trawler",
          st.getPath());
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
      Plan p = plan;
      if (f.getName().equals(p.holdOpenOf) && p.held.getCount() > 0) {
        p.held.countDown();
        try {
          p.release.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
      }
      return super.open(f, bufferSize);
    }
  }
}
