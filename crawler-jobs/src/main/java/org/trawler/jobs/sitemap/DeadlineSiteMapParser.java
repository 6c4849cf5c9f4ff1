package org.trawler.jobs.sitemap;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.UnknownFormatException;
import java.io.FilterInputStream;
import java.io.FilterReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.URL;
import org.trawler.core.protocol.http.Deadline;
import org.xml.sax.InputSource;

/**
 * crawler-commons' SiteMapParser reading through a deadline: every read of the XML or text checks
 * it, so a sitemap built to be slow (millions of tiny entries, endless whitespace) ends at
 * sitemap.parse.timeout instead of holding the task. It is handed decompressed bytes only: gzip is
 * undone before, by {@link org.trawler.core.protocol.http.BodyReader}, within sitemap.size.max.
 */
final class DeadlineSiteMapParser extends SiteMapParser {
  private final Deadline deadline;

  DeadlineSiteMapParser(Deadline deadline) {
    super(false); // not strict: the cross-submit rule is applied per host, with robots.txt
    this.deadline = deadline;
  }

  @Override
  protected AbstractSiteMap processXml(URL sitemapUrl, InputSource is)
      throws UnknownFormatException {
    if (is.getCharacterStream() != null) {
      is.setCharacterStream(new TimedReader(is.getCharacterStream()));
    } else if (is.getByteStream() != null) {
      is.setByteStream(new TimedStream(is.getByteStream()));
    }
    return super.processXml(sitemapUrl, is);
  }

  @Override
  protected SiteMap processText(URL sitemapUrl, InputStream stream) throws IOException {
    return super.processText(sitemapUrl, new TimedStream(stream));
  }

  @Override
  protected AbstractSiteMap processGzippedXML(URL url, byte[] response)
      throws UnknownFormatException {
    // never inflated here, without a bound: SitemapReader undoes gzip before (a gzip in a gzip)
    throw new UnknownFormatException("gzip inside gzip: " + url);
  }

  private void check() throws IOException {
    if (deadline.hasPassed()) {
      throw new IOException(SitemapKeys.PARSE_TIMEOUT + " passed");
    }
  }

  private final class TimedReader extends FilterReader {
    TimedReader(Reader in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      check();
      return super.read();
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
      check();
      return super.read(buf, off, len);
    }
  }

  private final class TimedStream extends FilterInputStream {
    TimedStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      check();
      return super.read();
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
      check();
      return super.read(buf, off, len);
    }
  }
}
