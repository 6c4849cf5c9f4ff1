package org.trawler.jobs.luceneinternals;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.Test;

/** Stored values written plain come back as they went in, mixed with Lucene's own segments. */
public class UncompressedStoredFieldsCodecTest {

  /** Texts of every size the chunked format treats apart: empty, small, several chunks long. */
  private static List<String> texts() {
    List<String> texts = new ArrayList<>();
    texts.add("");
    for (int i = 0; i < 300; i++) {
      texts.add("page " + i + " ü€ " + "harbor lantern ".repeat(i * 7));
    }
    texts.add("river ".repeat(60_000)); // 360 kB: more than twice a chunk, read in slices
    return texts;
  }

  private static void write(Directory dir, Codec codec, List<String> texts, String prefix)
      throws Exception {
    IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer()).setCodec(codec);
    try (IndexWriter w = new IndexWriter(dir, config)) {
      for (int i = 0; i < texts.size(); i++) {
        Document d = new Document();
        d.add(new StringField("id", prefix + i, Field.Store.YES));
        d.add(new TextField("content", texts.get(i), Field.Store.YES));
        w.addDocument(d);
      }
      w.commit();
    }
  }

  @Test
  public void storedValuesRoundTripNextToLuceneOwnSegments() throws Exception {
    List<String> texts = texts();
    try (Directory dir = new ByteBuffersDirectory()) {
      write(dir, new Lucene912Codec(), texts, "lz4-");
      write(dir, new UncompressedStoredFieldsCodec(), texts, "plain-");
      SegmentInfos infos = SegmentInfos.readLatestCommit(dir);
      assertEquals(2, infos.size());
      assertEquals(UncompressedStoredFieldsCodec.NAME, infos.info(1).info.getCodec().getName());
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        StoredFields stored = reader.storedFields();
        assertEquals(2 * texts.size(), reader.maxDoc());
        for (int doc = reader.maxDoc() - 1; doc >= 0; doc--) {
          Document d = stored.document(doc);
          String id = d.get("id");
          int i = Integer.parseInt(id.substring(id.indexOf('-') + 1));
          assertEquals(id, texts.get(i), d.get("content"));
        }
      }
    }
  }

  @Test
  public void theCodecIsFoundByItsName() {
    assertEquals(
        UncompressedStoredFieldsCodec.class,
        Codec.forName(UncompressedStoredFieldsCodec.NAME).getClass());
  }
}
