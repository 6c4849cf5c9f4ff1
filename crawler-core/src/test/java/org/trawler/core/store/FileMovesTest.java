package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** What a dataset job wrote into its work directory, moved out under the same names. */
public class FileMovesTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static void write(File dir, String relative) throws IOException {
    File f = new File(dir, relative);
    f.getParentFile().mkdirs();
    Files.writeString(f.toPath(), relative);
  }

  @Test
  public void theFilesOfTheSuffixesMoveToTheSamePlacesUnderOutAndNothingElse() throws IOException {
    File work = tmp.newFolder("work");
    File out = tmp.newFolder("out");
    write(work, "a.warc.gz");
    write(work, "a.cdxj");
    write(work, "crawl=c/subset=warc/part-0.snappy.parquet");
    write(work, "part-r-00000");
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    FileMoves.outOfWork(
        fs,
        new Path(work.getPath()),
        new Path(out.getPath()),
        List.of(".warc.gz", ".cdxj", ".snappy.parquet"));
    assertTrue(new File(out, "a.warc.gz").isFile());
    assertTrue(new File(out, "a.cdxj").isFile());
    assertEquals(
        "crawl=c/subset=warc/part-0.snappy.parquet",
        Files.readString(new File(out, "crawl=c/subset=warc/part-0.snappy.parquet").toPath()));
    assertFalse(new File(out, "part-r-00000").exists());
    assertTrue(new File(work, "part-r-00000").isFile());
  }

  @Test
  public void aJobThatWroteNothingMovesNothing() throws IOException {
    File out = tmp.newFolder("out");
    FileMoves.outOfWork(
        FileSystem.getLocal(new Configuration()),
        new Path(tmp.getRoot().getPath(), "never-made"),
        new Path(out.getPath()),
        List.of(".warc.gz"));
    assertEquals(0, out.list().length);
  }
}
