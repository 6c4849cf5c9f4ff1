package org.trawler.jobs.index;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.Test;
import org.trawler.core.UserException;

/** search -fields: a field the index lacks is one line naming the fields it has. */
public class SearchCommandFieldsTest {
  @Test
  public void aFieldTheIndexLacksIsOneLineWithTheFieldsItHas() throws Exception {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
        Document d = new Document();
        d.add(new StringField("url", "http://127.0.0.2/", Field.Store.YES));
        d.add(new StoredField("title", "Home"));
        d.add(new StringField("lang", "en", Field.Store.YES));
        w.addDocument(d);
      }
      try (DirectoryReader r = DirectoryReader.open(dir)) {
        FieldInfos infos = FieldInfos.getMergedFieldInfos(r);
        SearchCommand.checkFields(
            List.of("url", "title", "snippet", "lang"), infos, new Path("ix"));
        try {
          SearchCommand.checkFields(List.of("url", "titel"), infos, new Path("ix"));
          fail("a missing field passed");
        } catch (UserException e) {
          assertEquals(UserException.USAGE, e.exitCode());
          assertEquals(
              "-fields: ix has no field 'titel' (did you mean title?); its fields: lang, title,"
                  + " url, snippet",
              e.getMessage());
        }
      }
    }
  }
}
