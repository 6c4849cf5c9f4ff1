package org.trawler.core.net.normalize;

import static org.junit.Assert.assertEquals;

import java.io.File;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.plugin.Plugin;

public class LearnedParamsURLNormalizerTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final LearnedParamsURLNormalizer LEARNED =
      LearnedParamsURLNormalizer.of(Map.of("www.a.test", Set.of("vid", "src")));

  private static String normalize(String url) {
    return LEARNED.normalize(url, URLNormalizers.SCOPE_OUTLINK);
  }

  @Test
  public void learnedParametersAreDroppedOnTheirHost() {
    assertEquals("http://www.a.test/story/7", normalize("http://www.a.test/story/7?vid=k3j2"));
    assertEquals(
        "http://www.a.test/item?id=4&page=2",
        normalize("http://www.a.test/item?vid=x&id=4&src=nav&page=2"));
    assertEquals("http://www.a.test/p?id=1#top", normalize("http://www.a.test/p?id=1&vid=9#top"));
  }

  @Test
  public void otherHostsAndOtherParametersAreLeftAlone() {
    for (String url :
        new String[] {
          "http://blog.a.test/story/7?vid=k3j2",
          "http://www.b.test/story?vid=1",
          "http://www.a.test/item?id=4",
          "http://www.a.test/item?video=1&vids=2&xvid=3",
          "http://www.a.test/story/7",
          "http://www.a.test/p#vid=1"
        }) {
      assertEquals(url, normalize(url));
    }
  }

  @Test
  public void theViewIsReadFromTheHostdbTheKeyNames() throws IOException {
    File current = tmp.newFolder("current");
    Configuration conf = CrawlerConfiguration.create();
    HostDatum learned = new HostDatum();
    learned.setIrrelevantParams(Map.of("sid2", 5));
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(current.getPath(), "part-r-00000")),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(HostDatum.class))) {
      w.append(new Text("shop.c.test"), learned);
      w.append(new Text("www.c.test"), new HostDatum());
    }
    conf.set(NetKeys.LEARNED_HOSTDB, current.getPath());
    LearnedParamsURLNormalizer n = Plugin.configured(new LearnedParamsURLNormalizer(), conf);
    assertEquals(Map.of("shop.c.test", Set.of("sid2")), n.learned());
    assertEquals("http://shop.c.test/?q=1", n.normalize("http://shop.c.test/?sid2=zz&q=1", "x"));
    // through the default chain, as parse uses it
    URLNormalizers chain = URLNormalizers.forScope(conf, URLNormalizers.SCOPE_OUTLINK);
    assertEquals(
        "http://shop.c.test/list?q=1",
        chain.normalize("http://shop.c.test/list?sid2=zz&q=1", URLNormalizers.SCOPE_OUTLINK));
  }

  @Test
  public void withoutAHostdbNothingIsDropped() {
    LearnedParamsURLNormalizer n =
        Plugin.configured(new LearnedParamsURLNormalizer(), CrawlerConfiguration.create());
    assertEquals("http://www.a.test/?vid=1", n.normalize("http://www.a.test/?vid=1", "x"));
  }
}
