package org.trawler.index.opensearch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.BadSettingException;

/** Where the writer's credentials may go: settings checked before any node is asked. */
public class OpenSearchConnectionTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void credentialsGoToPlainHttpOnlyWhenAllowed() throws Exception {
    File password = tmp.newFile();
    Files.writeString(password.toPath(), "hunter2-Secret\n");
    Files.setPosixFilePermissions(password.toPath(), PosixFilePermissions.fromString("rw-------"));
    Configuration conf = new Configuration(false);
    conf.set(OpenSearchKeys.HOSTS, "https://a.example:9200,http://127.0.0.1:1");
    conf.set(OpenSearchKeys.INDEX, "crawl");
    conf.set(OpenSearchKeys.AUTH_USER, "alice");
    conf.set(OpenSearchKeys.AUTH_PASSWORD_FILE, password.getPath());
    try {
      new OpenSearchConnection(conf).close();
      fail("sent credentials over plain http");
    } catch (BadSettingException e) {
      assertEquals(
          "opensearch.hosts: http://127.0.0.1:1 is plain http: the credentials (user 'alice')"
              + " would cross the network readable by anyone on the path; use https, or set"
              + " opensearch.auth.allow.insecure=true for a loopback or trusted network",
          e.getMessage());
      assertFalse(e.getMessage().contains("hunter2"));
    }
    conf.setBoolean(OpenSearchKeys.AUTH_ALLOW_INSECURE, true);
    new OpenSearchConnection(conf).close();
  }
}
