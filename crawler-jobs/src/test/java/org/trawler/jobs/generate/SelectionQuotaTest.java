package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.junit.Test;

public class SelectionQuotaTest {

  @Test
  public void eachGroupKeepsAtMostMaxCount() {
    SelectionQuota quota = new SelectionQuota(2, 0);
    assertNull(quota.refusal("a"));
    quota.admit("a", "a");
    assertNull(quota.refusal("a"));
    quota.admit("a", "a");
    assertEquals(SkipReason.HOST_CAP, quota.refusal("a"));
    assertNull(quota.refusal("b"));
  }

  @Test
  public void noMoreThanTopNInAll() {
    SelectionQuota quota = new SelectionQuota(-1, 3);
    for (String host : new String[] {"a", "b", "c"}) {
      assertNull(quota.refusal(host));
      quota.admit(host, host);
    }
    assertEquals(SkipReason.TOP_N, quota.refusal("d"));
    assertEquals(3, quota.admitted());
  }

  @Test
  public void withoutLimitsEverythingIsAdmitted() {
    SelectionQuota quota = new SelectionQuota(0, 0);
    for (int i = 0; i < 1000; i++) {
      assertNull(quota.refusal("a"));
      quota.admit("a", "a");
    }
  }

  @Test
  public void slotsCountPerHostEvenWhenTheGroupIsTheDomain() {
    SelectionQuota quota = new SelectionQuota(3, 0);
    assertEquals(0, quota.admit("example.com", "a.example.com"));
    assertEquals(0, quota.admit("example.com", "b.example.com"));
    assertEquals(1, quota.admit("example.com", "a.example.com"));
    assertEquals(SkipReason.HOST_CAP, quota.refusal("example.com"));
  }

  @Test
  public void quotaRefusesAHostAtItsOwnCap() {
    SelectionQuota quota = new SelectionQuota(-1, 0);
    assertNull(quota.refusal("flaky.test", "flaky.test", 1));
    quota.admit("flaky.test", "flaky.test");
    assertEquals(SkipReason.HOST_CAP, quota.refusal("flaky.test", "flaky.test", 1));
    assertNull(quota.refusal("flaky.test", "flaky.test", -1));
  }
}
