package org.trawler.jobs.politeness;

import static org.junit.Assert.assertEquals;

import java.net.MalformedURLException;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.net.HostGroup;
import org.trawler.jobs.fetch.FetcherKeys;

public class QueueIdsTest {

  private static HostGroup queueMode(String value) {
    Configuration conf = new Configuration(false);
    conf.set(FetcherKeys.QUEUE_MODE, value);
    return HostGroup.byMode(conf, FetcherKeys.QUEUE_MODE, FetcherKeys.DEFAULT_QUEUE_MODE);
  }

  @Test
  public void byHostGroupsTheLowerCaseHostWhateverTheSchemeAndPort() throws Exception {
    QueueIds ids = new QueueIds(HostGroup.HOST);
    assertEquals("www.example.com", ids.queueIdFor("http://WWW.Example.com:8080/a?b=c"));
    assertEquals("www.example.com", ids.queueIdFor("https://www.example.com/"));
  }

  @Test
  public void byDomainGroupsTheRegisteredDomain() throws Exception {
    QueueIds ids = new QueueIds(HostGroup.DOMAIN);
    assertEquals("example.co.uk", ids.queueIdFor("http://news.example.co.uk/x"));
    assertEquals("example.co.uk", ids.queueIdFor("http://www.example.co.uk/y"));
  }

  @Test
  public void byIpGroupsTheAddress() throws Exception {
    QueueIds ids = new QueueIds(HostGroup.IP);
    assertEquals("127.0.0.2", ids.queueIdFor("http://127.0.0.2:8080/x"));
  }

  @Test
  public void byIpKeepsAnUnresolvableHostsName() throws Exception {
    assertEquals(
        "no-such-host.invalid",
        new QueueIds(HostGroup.IP).queueIdFor("http://no-such-host.invalid/"));
  }

  @Test(expected = MalformedURLException.class)
  public void aUrlWithoutHostIsMalformed() throws Exception {
    new QueueIds(HostGroup.HOST).queueIdFor("file:/etc/passwd");
  }

  @Test
  public void modeNamesAreTheConfigValues() {
    assertEquals(HostGroup.DOMAIN, queueMode("byDomain"));
    assertEquals(HostGroup.IP, queueMode(" byip "));
    assertEquals(
        HostGroup.HOST,
        HostGroup.byMode(
            new Configuration(false), FetcherKeys.QUEUE_MODE, FetcherKeys.DEFAULT_QUEUE_MODE));
  }

  @Test(expected = IllegalArgumentException.class)
  public void anUnknownModeIsRejected() {
    queueMode("byPort");
  }
}
