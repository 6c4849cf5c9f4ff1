package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.trawler.core.store.VersionedDbTest.assertUserException;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

public class PartFilesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private FileSystem fs;
  private Path dir;

  @Before
  public void setUp() throws IOException {
    conf = new Configuration();
    dir = new Path(tmp.getRoot().getPath(), "out");
    fs = dir.getFileSystem(conf);
  }

  private static CrawlDatum datum(float score) {
    return new CrawlDatum(CrawlStatus.DB_UNFETCHED, 10, score);
  }

  private void writeMapFile(String part, String... urls) throws IOException {
    try (MapFile.Writer w =
        new MapFile.Writer(
            conf,
            new Path(dir, part),
            MapFile.Writer.keyClass(Text.class),
            MapFile.Writer.valueClass(CrawlDatum.class),
            MapFile.Writer.compression(SequenceFile.CompressionType.BLOCK, new DefaultCodec()))) {
      for (int i = 0; i < urls.length; i++) {
        w.append(new Text(urls[i]), datum(i));
      }
    }
  }

  private Path writeSequenceFile(String part, int records) throws IOException {
    Path file = new Path(dir, part);
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(file),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class))) {
      for (int i = 0; i < records; i++) {
        CrawlDatum d = datum(i);
        for (int m = 0; m < 20; m++) {
          d.putMeta(new Text("key" + m), "some value to make the record longer " + i);
        }
        w.append(new Text("http://host" + i + ".com/"), d);
      }
    }
    return file;
  }

  @Test
  public void readsMapFilePartsInPartOrderAndSkipsOtherFiles() throws Exception {
    writeMapFile("part-r-00001", "http://c.com/");
    writeMapFile("part-r-00000", "http://a.com/", "http://b.com/");
    fs.create(new Path(dir, "_SUCCESS")).close();
    fs.mkdirs(new Path(dir, "_logs"));
    List<String> urls = new ArrayList<>();
    long n =
        PartFiles.read(conf, dir, new Text(), new CrawlDatum(), (k, v) -> urls.add(k.toString()));
    assertEquals(3, n);
    assertEquals(List.of("http://a.com/", "http://b.com/", "http://c.com/"), urls);
    assertEquals(3, PartFiles.count(conf, dir, new Text(), new CrawlDatum()));
    assertEquals(3, PartFiles.countKeys(conf, dir, new Text()));
  }

  @Test
  public void missingDirectoryHasNoRecords() throws Exception {
    assertTrue(PartFiles.list(conf, dir).isEmpty());
    assertEquals(0, PartFiles.countKeys(conf, dir, new Text()));
  }

  @Test
  public void lookupFindsAKeyInAnyPart() throws Exception {
    writeMapFile("part-r-00000", "http://a.com/", "http://b.com/");
    writeMapFile("part-r-00001", "http://c.com/", "http://d.com/");
    CrawlDatum found = new CrawlDatum();
    assertTrue(PartFiles.lookup(conf, dir, new Text("http://d.com/"), found));
    assertEquals(1f, found.getScore(), 0);
    assertFalse(PartFiles.lookup(conf, dir, new Text("http://e.com/"), new CrawlDatum()));
  }

  @Test
  public void truncatedFileIsAUserErrorNamingIt() throws Exception {
    Path file = writeSequenceFile("part-00000", 200);
    // Cut the data file in half, and drop the checksum so the truncation itself is what is met.
    java.io.File local = new java.io.File(file.toUri().getPath());
    try (RandomAccessFile raf = new RandomAccessFile(local, "rw")) {
      raf.setLength(raf.length() / 2);
    }
    fs.delete(new Path(dir, ".part-00000.crc"), false);
    assertUserException(
        () -> PartFiles.read(conf, dir, new Text(), new CrawlDatum(), (k, v) -> {}),
        "cannot read " + file.toUri().getPath());
    assertUserException(() -> PartFiles.countKeys(conf, dir, new Text()), "truncated or corrupt");
  }

  @Test
  public void truncatedFileWithItsChecksumIsAUserErrorToo() throws Exception {
    Path file = writeSequenceFile("part-00000", 200);
    java.io.File local = new java.io.File(file.toUri().getPath());
    try (RandomAccessFile raf = new RandomAccessFile(local, "rw")) {
      raf.setLength(raf.length() / 2);
    }
    assertUserException(
        () -> PartFiles.count(conf, dir, new Text(), new CrawlDatum()),
        "cannot read " + file.toUri().getPath());
  }

  @Test
  public void emptyFileIsAUserErrorNamingIt() throws Exception {
    fs.mkdirs(dir);
    Path file = new Path(dir, "part-00000");
    fs.create(file).close();
    assertUserException(
        () -> PartFiles.countKeys(conf, dir, new Text()), "cannot read " + file.toUri().getPath());
  }

  @Test
  public void wrongValueTypeIsAUserErrorNamingTheFile() throws Exception {
    Path file = writeSequenceFile("part-00000", 3);
    assertUserException(
        () -> PartFiles.read(conf, dir, new Text(), new Text(), (k, v) -> {}),
        "cannot read " + file.toUri().getPath());
  }
}
