package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.BadSettingException;

/** Where a writer's credentials may go: https, or plain http only when allowed; no user:pass@. */
public class RemoteCredentialsTest {
  private static final RemoteCredentials.Keys KEYS =
      new RemoteCredentials.Keys(
          "w.auth.user",
          "",
          "w.auth.password",
          "w.auth.password.file",
          "w.auth.token",
          "Bearer",
          "a bearer token",
          "w.auth.allow.insecure");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration asAlice() throws Exception {
    File password = tmp.newFile();
    Files.writeString(password.toPath(), "hunter2-Secret\n");
    Files.setPosixFilePermissions(password.toPath(), PosixFilePermissions.fromString("rw-------"));
    Configuration conf = new Configuration(false);
    conf.set("w.auth.user", "alice");
    conf.set("w.auth.password.file", password.getPath());
    return conf;
  }

  private static String refusal(RemoteCredentials credentials, String url) {
    try {
      credentials.checkEndpoint("w.url", url);
      fail("accepted " + url);
      return null;
    } catch (BadSettingException e) {
      assertEquals("w.url", e.key());
      assertFalse(e.getMessage(), e.getMessage().contains("\n"));
      return e.getMessage();
    }
  }

  @Test
  public void credentialsOverPlainHttpAreRefusedUnlessAllowed() throws Exception {
    Configuration conf = asAlice();
    RemoteCredentials alice = RemoteCredentials.read(conf, KEYS);
    assertEquals(
        "w.url: http://127.0.0.1:8983/solr/crawl is plain http: the credentials (user 'alice')"
            + " would cross the network readable by anyone on the path; use https, or set"
            + " w.auth.allow.insecure=true for a loopback or trusted network",
        refusal(alice, "http://127.0.0.1:8983/solr/crawl"));
    alice.checkEndpoint("w.url", "https://solr.example:8983/solr/crawl");
    alice.checkEndpoint("w.url", "HTTPS://solr.example/solr/crawl");
    assertFalse(alice.mayBeSentTo("http://10.0.0.7:8983/solr/crawl")); // a discovered node

    conf.setBoolean("w.auth.allow.insecure", true);
    RemoteCredentials allowed = RemoteCredentials.read(conf, KEYS);
    allowed.checkEndpoint("w.url", "http://127.0.0.1:8983/solr/crawl");
    assertTrue(allowed.mayBeSentTo("http://10.0.0.7:8983/solr/crawl"));
  }

  @Test
  public void withoutCredentialsPlainHttpIsFine() {
    RemoteCredentials none = RemoteCredentials.read(new Configuration(false), KEYS);
    none.checkEndpoint("w.url", "http://127.0.0.1:8983/solr/crawl");
    assertTrue(none.mayBeSentTo("http://127.0.0.1:8983/solr/crawl"));
  }

  @Test
  public void aUrlWithUserAndPasswordIsRefusedWithoutShowingThePassword() throws Exception {
    for (RemoteCredentials credentials :
        new RemoteCredentials[] {
          RemoteCredentials.read(new Configuration(false), KEYS),
          RemoteCredentials.read(asAlice(), KEYS)
        }) {
      String message = refusal(credentials, "https://bob:s3cr%40t-Pw@solr.example:8983/solr/crawl");
      assertEquals(
          "w.url: 'https://solr.example:8983/solr/crawl' with a user and password in it"
              + " (user:password@, left out here) is refused: a URL is logged and shown in job.xml;"
              + " give the user with w.auth.user and the password in the owner-only file"
              + " w.auth.password.file names, or a credential provider",
          message);
      assertFalse(message, message.contains("s3cr"));
      // not even a URL that does not parse shows it
      String bad = refusal(credentials, "https://bob:pa ss^word@solr.example/solr/crawl");
      assertFalse(bad, bad.contains("pa ss^word"));
    }
  }
}
