package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

public class PartFileCheckTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private FileSystem fs;
  private Path dir;

  @Before
  public void setUp() throws IOException {
    conf = new Configuration();
    dir = new Path(tmp.getRoot().getPath(), "current");
    fs = dir.getFileSystem(conf);
  }

  /** A block-compressed MapFile part like a crawldb's, with {@code n} entries. */
  private Path mapFilePart(String part, int n) throws IOException {
    Path mapFile = new Path(dir, part);
    try (MapFile.Writer w =
        new MapFile.Writer(
            conf,
            mapFile,
            MapFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class),
            SequenceFile.Writer.compression(SequenceFile.CompressionType.BLOCK))) {
      for (int i = 0; i < n; i++) {
        CrawlDatum d = new CrawlDatum(CrawlStatus.DB_UNFETCHED, 86_400, 1f);
        d.putMeta(
            new org.apache.hadoop.io.Text("noise"),
            "entry " + i + " " + Integer.toHexString(i * 7919));
        w.append(new Text(String.format("http://example.com/%08d/h%d", i, i % 97)), d);
      }
    }
    return new Path(mapFile, MapFile.DATA_FILE_NAME);
  }

  /**
   * Cuts the file to {@code fraction} of its length, as a full disk or a killed copy would, and
   * drops its checksum.
   */
  private void truncate(Path file, double fraction) throws IOException {
    File local = new File(file.toUri().getPath());
    try (RandomAccessFile raf = new RandomAccessFile(local, "rw")) {
      raf.setLength((long) (raf.length() * fraction));
    }
    new File(local.getParentFile(), "." + local.getName() + ".crc").delete();
  }

  private static String failure(ThrowingRunnable check) throws Exception {
    try {
      check.run();
      fail("expected the check to fail");
      return null;
    } catch (UserException e) {
      assertFalse("one line: " + e.getMessage(), e.getMessage().contains("\n"));
      return e.getMessage();
    }
  }

  interface ThrowingRunnable {
    void run() throws Exception;
  }

  @Test
  public void soundPartsPass() throws Exception {
    mapFilePart("part-r-00000", 1000);
    mapFilePart("part-r-00001", 10);
    List<Path> files = PartFileCheck.dataFiles(conf, List.of(dir));
    assertEquals(2, files.size());
    PartFileCheck.checkEnds(conf, files);
    assertNull(PartFileCheck.findUnreadable(conf, files));
  }

  @Test
  public void truncatedPartIsNamed() throws Exception {
    mapFilePart("part-r-00000", 100);
    Path data = mapFilePart("part-r-00001", 3000);
    truncate(data, 0.6);
    String message =
        failure(() -> PartFileCheck.checkEnds(conf, PartFileCheck.dataFiles(conf, List.of(dir))));
    assertTrue(
        message,
        message.startsWith("cannot read " + data.toUri().getPath() + " (truncated or corrupt?)"));
    assertNotNull(PartFileCheck.findUnreadable(conf, PartFileCheck.dataFiles(conf, List.of(dir))));
  }

  @Test
  public void truncatedManyBlockPartIsFoundFromItsEnd() throws Exception {
    conf.setInt(
        "io.seqfile.compress.blocksize", 4096); // many blocks: the check must not read them all
    Path data = mapFilePart("part-r-00000", 20_000);
    truncate(data, 0.97);
    String message = failure(() -> PartFileCheck.checkEnds(conf, List.of(data)));
    assertTrue(message, message.contains(data.toUri().getPath()));
  }

  @Test
  public void emptyOrForeignFileIsNamed() throws Exception {
    Path empty = new Path(dir, "part-r-00000");
    fs.create(empty).close();
    assertTrue(
        failure(() -> PartFileCheck.checkEnds(conf, List.of(empty)))
            .contains(empty.toUri().getPath()));
    Path text = new Path(dir, "part-r-00001");
    try (OutputStream out = fs.create(text)) {
      out.write("http://example.com/\n".getBytes(StandardCharsets.UTF_8));
    }
    String message = failure(() -> PartFileCheck.checkEnds(conf, List.of(text)));
    assertTrue(message, message.contains("part-r-00001") && message.contains("not a SequenceFile"));
  }

  @Test
  public void mapFileWithoutDataIsNamed() throws Exception {
    fs.mkdirs(new Path(dir, "part-r-00000"));
    List<Path> files = PartFileCheck.dataFiles(conf, List.of(dir));
    String message = failure(() -> PartFileCheck.checkEnds(conf, files));
    assertTrue(message, message.contains("part-r-00000/data"));
  }

  @Test
  public void hiddenFilesAndGlobsAreListedAsAJobReadsThem() throws Exception {
    mapFilePart("part-r-00000", 1);
    fs.create(new Path(dir, "_SUCCESS")).close();
    fs.mkdirs(new Path(dir, "_temporary"));
    assertEquals(
        List.of(
            new Path(dir, "part-r-00000/data")
                .makeQualified(fs.getUri(), fs.getWorkingDirectory())),
        PartFileCheck.dataFiles(conf, List.of(dir)));
    Path marks = new Path(tmp.getRoot().getPath(), "marks");
    fs.create(new Path(marks, "part-r-00000")).close();
    fs.create(new Path(marks, "_SUCCESS")).close();
    assertEquals(1, PartFileCheck.dataFiles(conf, List.of(new Path(marks, "part-*"))).size());
    assertTrue(PartFileCheck.dataFiles(conf, List.of(new Path(dir, "missing"))).isEmpty());
  }
}
