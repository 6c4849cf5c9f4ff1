package org.trawler.core.net;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;

public class LinkPolicyTest {

  @Test
  public void byDefaultEveryLinkIsAccepted() {
    LinkPolicy policy = LinkPolicy.from(new Configuration(false));
    assertTrue(policy.accept("http://a.example/", "http://b.example/x"));
    assertTrue(policy.accept("http://a.example/", "http://a.example/y"));
    assertTrue(policy.accept("not a url", "neither"));
  }

  @Test
  public void ignoringExternalLinksKeepsOnlyTheSameHost() {
    Configuration conf = new Configuration(false);
    conf.setBoolean(NetKeys.IGNORE_EXTERNAL_LINKS, true);
    LinkPolicy policy = LinkPolicy.from(conf);
    assertTrue(policy.accept("http://a.example/", "http://a.example/page"));
    assertTrue(policy.accept("http://A.Example/", "https://a.example:8443/page"));
    assertFalse(policy.accept("http://a.example/", "http://b.example/page"));
    assertFalse(policy.accept("http://a.example/", "http://www.a.example/page"));
  }

  @Test
  public void ignoringInternalLinksKeepsOnlyOtherHosts() {
    LinkPolicy policy = new LinkPolicy(false, true);
    assertFalse(policy.accept("http://a.example/", "http://a.example/page"));
    assertTrue(policy.accept("http://a.example/", "http://b.example/page"));
  }

  @Test
  public void ignoringBothDropsEveryLink() {
    LinkPolicy policy = new LinkPolicy(true, true);
    assertFalse(policy.accept("http://a.example/", "http://a.example/page"));
    assertFalse(policy.accept("http://a.example/", "http://b.example/page"));
  }

  @Test
  public void malformedUrlCannotPassAnActivePolicy() {
    LinkPolicy policy = new LinkPolicy(true, false);
    assertFalse(policy.accept("http://a.example/", "mailto-ish:nothing"));
    assertFalse(policy.accept("::", "http://a.example/"));
  }
}
