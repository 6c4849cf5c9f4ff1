package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.plugin.Plugins;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.index.IndexDocument;
import org.trawler.jobs.index.IndexWriter;
import org.trawler.jobs.index.IndexerKeys;

/**
 * The writer in Hadoop reduce tasks (local mode), found by name through the plug-in catalogs as the
 * index job finds it: two reducers send their pages to the real Solr, each with its own writer.
 */
public class SolrInReduceTaskTest {
  private static SolrCluster solr;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @BeforeClass
  public static void startSolr() throws Exception {
    solr = new SolrCluster(1);
  }

  @AfterClass
  public static void stopSolr() throws Exception {
    if (solr != null) {
      solr.close();
    }
  }

  /** Emits each input line, a URL. */
  public static class UrlMapper extends Mapper<LongWritable, Text, Text, NullWritable> {
    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      context.write(line, NullWritable.get());
    }
  }

  /** Indexes each URL as a page with the writer named "solr". */
  public static class IndexingReducer
      extends Reducer<Text, NullWritable, NullWritable, NullWritable> {
    private IndexWriter writer;

    @Override
    protected void setup(Context context) throws IOException {
      // as the index job makes its writers: by name, through the modules' plug-in catalogs
      writer =
          Plugins.create(
              context.getConfiguration(),
              IndexerKeys.WRITERS,
              SolrIndexWriter.NAME,
              IndexWriter.class);
      writer.open(context.getConfiguration(), context);
    }

    @Override
    protected void reduce(Text url, Iterable<NullWritable> values, Context context)
        throws IOException {
      writer.add(
          new IndexDocument()
              .add("id", url.toString())
              .add("url", url.toString())
              .add("content", "indexed by a reduce task"));
    }

    @Override
    protected void cleanup(Context context) throws IOException {
      try {
        writer.commit();
      } finally {
        writer.close();
      }
    }
  }

  @Test
  public void reduceTasksIndexIntoSolr() throws Exception {
    String url = solr.createCollection("crawl", 2);
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      urls.add("http://host" + (i % 5) + ".test/page" + i);
    }
    Path input = tmp.newFolder("in").toPath().resolve("urls.txt");
    Files.write(input, urls);

    Configuration conf = LocalJobFixtures.localConf();
    conf.set(SolrKeys.SERVER_URL, url);
    conf.setInt(SolrKeys.COMMIT_SIZE, 7);
    Job job = Job.getInstance(conf, "solr in reduce tasks");
    job.setJarByClass(SolrInReduceTaskTest.class);
    job.setInputFormatClass(TextInputFormat.class);
    FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()));
    job.setMapperClass(UrlMapper.class);
    job.setReducerClass(IndexingReducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(NullWritable.class);
    job.setNumReduceTasks(2);
    job.setOutputFormatClass(NullOutputFormat.class);
    assertTrue(job.waitForCompletion(false));

    urls.sort(null);
    assertEquals(urls, solr.ids("crawl", "*:*"));
    assertEquals(urls, solr.ids("crawl", "reduce"));
  }
}
