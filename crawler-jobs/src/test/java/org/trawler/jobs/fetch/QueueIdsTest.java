package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;

import java.net.MalformedURLException;

import org.junit.Test;

public class QueueIdsTest {

  @Test
  public void byHostGroupsProtocolAndLowerCaseHost() throws Exception {
    QueueIds ids = new QueueIds(QueueIds.Mode.BY_HOST);
    assertEquals("http://www.example.com", ids.queueIdFor("http://WWW.Example.com:8080/a?b=c"));
    assertEquals("https://www.example.com", ids.queueIdFor("https://www.example.com/"));
  }

  @Test
  public void byDomainGroupsTheRegisteredDomain() throws Exception {
    QueueIds ids = new QueueIds(QueueIds.Mode.BY_DOMAIN);
    assertEquals("http://example.co.uk", ids.queueIdFor("http://news.example.co.uk/x"));
    assertEquals("http://example.co.uk", ids.queueIdFor("http://www.example.co.uk/y"));
  }

  @Test
  public void byIpGroupsTheAddress() throws Exception {
    QueueIds ids = new QueueIds(QueueIds.Mode.BY_IP);
    assertEquals("http://127.0.0.2", ids.queueIdFor("http://127.0.0.2:8080/x"));
  }

  @Test
  public void byIpKeepsAnUnresolvableHostsName() throws Exception {
    assertEquals("http://no-such-host.invalid",
        new QueueIds(QueueIds.Mode.BY_IP).queueIdFor("http://no-such-host.invalid/"));
  }

  @Test(expected = MalformedURLException.class)
  public void aUrlWithoutHostIsMalformed() throws Exception {
    new QueueIds(QueueIds.Mode.BY_HOST).queueIdFor("file:/etc/passwd");
  }

  @Test
  public void modeNamesAreTheConfigValues() {
    assertEquals(QueueIds.Mode.BY_DOMAIN, QueueIds.Mode.parse("byDomain"));
    assertEquals(QueueIds.Mode.BY_IP, QueueIds.Mode.parse(" byip "));
  }

  @Test(expected = IllegalArgumentException.class)
  public void anUnknownModeIsRejected() {
    QueueIds.Mode.parse("byPort");
  }
}
