package org.trawler.core.conf;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class SecretsTest {
  private static final String KEY = "remote.auth.password";
  private static final String SECRET = "s3cr3t-Pa55";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void aSecretComesFromAJceksCredentialProvider() throws Exception {
    Configuration conf = withJceks(KEY, SECRET);
    assertArrayEquals(SECRET.toCharArray(), Secrets.secret(conf, KEY));
  }

  @Test
  public void aSecretComesFromAFileOnlyItsOwnerCanRead() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(KEY + Secrets.FILE_SUFFIX, secretFile("rw-------", SECRET + "\n").getPath());
    assertArrayEquals(SECRET.toCharArray(), Secrets.secret(conf, KEY));
  }

  @Test
  public void aFileOthersCanWriteIsRefusedInOneLineNamingItAndChmod() throws Exception {
    for (String mode : new String[] {"rw--w----", "rw-----w-", "rw--w--w-"}) {
      Configuration conf = new Configuration(false);
      File file = secretFile(mode, SECRET);
      conf.set(KEY + Secrets.FILE_SUFFIX, file.getPath());
      String message = refusal(conf, KEY);
      assertEquals(
          KEY
              + Secrets.FILE_SUFFIX
              + ": "
              + file.getPath()
              + " may be written by others than its owner ("
              + mode
              + "); make it owner-only: chmod 600 "
              + file.getPath(),
          message);
    }
  }

  @Test
  public void noProviderAndNoFileIsNoSecret() {
    assertNull(Secrets.secret(new Configuration(false), KEY));
  }

  @Test
  public void aFileOthersCanReadIsRefusedWithoutShowingItsContent() throws Exception {
    for (String mode : new String[] {"rw-r--r--", "rw-r-----"}) {
      Configuration conf = new Configuration(false);
      File file = secretFile(mode, SECRET);
      conf.set(KEY + Secrets.FILE_SUFFIX, file.getPath());
      String message = refusal(conf, KEY);
      assertTrue(message, message.startsWith(KEY + Secrets.FILE_SUFFIX + ": "));
      assertTrue(message, message.contains("may be read by others than its owner"));
      assertTrue(message, message.contains("chmod 600 " + file.getPath()));
      assertFalse(message, message.contains(SECRET));
      assertFalse(message, message.contains("\n"));
    }
  }

  @Test
  public void aSecretGivenInTheConfigurationIsRefusedSayingHowToGiveIt() {
    Configuration conf = new Configuration(false);
    conf.set(KEY, SECRET);
    String message = refusal(conf, KEY);
    assertTrue(message, message.startsWith(KEY + ": a secret is not taken from the configuration"));
    assertTrue(message, message.contains("hadoop credential create " + KEY));
    assertTrue(message, message.contains(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH));
    assertTrue(message, message.contains(KEY + Secrets.FILE_SUFFIX));
    assertFalse(message, message.contains(SECRET));
    assertFalse(message, message.contains("\n"));
    try {
      Secrets.refuseInConfiguration(conf, "other.key", KEY);
      fail("refuseInConfiguration accepted " + KEY);
    } catch (BadSettingException e) {
      assertEquals(message, e.getMessage());
    }
  }

  @Test
  public void aValueInTheConfigurationIsRefusedEvenWhenTheProviderHasTheSecret() throws Exception {
    Configuration conf = withJceks(KEY, SECRET);
    conf.set(KEY, "other");
    assertTrue(refusal(conf, KEY).startsWith(KEY + ": a secret is not taken"));
  }

  @Test
  public void providerAndFileBothGivingTheSecretIsRefused() throws Exception {
    Configuration conf = withJceks(KEY, SECRET);
    conf.set(KEY + Secrets.FILE_SUFFIX, secretFile("rw-------", SECRET).getPath());
    String message = refusal(conf, KEY);
    assertTrue(message, message.contains("give it in one place"));
  }

  @Test
  public void aMissingOrEmptyFileIsOneLineNamingIt() throws Exception {
    Configuration conf = new Configuration(false);
    File missing = new File(tmp.getRoot(), "missing");
    conf.set(KEY + Secrets.FILE_SUFFIX, missing.getPath());
    assertEquals(
        KEY + Secrets.FILE_SUFFIX + ": " + missing.getPath() + " does not exist",
        refusal(conf, KEY));
    File empty = secretFile("rw-------", "\n");
    conf.set(KEY + Secrets.FILE_SUFFIX, empty.getPath());
    assertEquals(
        KEY + Secrets.FILE_SUFFIX + ": " + empty.getPath() + " is empty", refusal(conf, KEY));
  }

  @Test
  public void anUnreadableProviderIsOneLineNamingIt() throws Exception {
    Configuration conf = new Configuration(false);
    File notAKeystore = secretFile("rw-------", "not a keystore");
    conf.set(
        CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH,
        "jceks://file" + notAKeystore.getAbsolutePath());
    String message = refusal(conf, KEY);
    assertTrue(message, message.startsWith(KEY + ": the credential provider jceks://file"));
    assertFalse(message, message.contains("\n"));
  }

  @Test
  public void aProviderKeystoreOthersMayReadOrWriteIsRefusedInOneLine() throws Exception {
    Configuration conf = withJceks(KEY, SECRET);
    File jceks =
        new File(conf.get(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH).substring(12));
    // Hadoop writes a new keystore owner-only: that one is read (see above); a shared one is not
    assertEquals("rw-------", mode(jceks));
    String[][] cases = {{"rw-r--r--", "read"}, {"rw-------", null}, {"rw--w----", "written"}};
    for (String[] c : cases) {
      Files.setPosixFilePermissions(jceks.toPath(), PosixFilePermissions.fromString(c[0]));
      if (c[1] == null) {
        assertArrayEquals(SECRET.toCharArray(), Secrets.secret(conf, KEY));
        continue;
      }
      assertEquals(
          CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH
              + ": file:"
              + jceks.getPath()
              + " may be "
              + c[1]
              + " by others than its owner ("
              + c[0]
              + "); make it owner-only: chmod 600 "
              + jceks.getPath(),
          refusal(conf, KEY));
    }
  }

  /** A configuration whose credential provider is a new JCEKS file holding {@code alias}. */
  private Configuration withJceks(String alias, String secret) throws Exception {
    Configuration conf = new Configuration(false);
    File jceks = new File(tmp.newFolder(), "trawler.jceks");
    conf.set(
        CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH,
        "jceks://file" + jceks.getAbsolutePath());
    CredentialProvider provider = CredentialProviderFactory.getProviders(conf).get(0);
    provider.createCredentialEntry(alias, secret.toCharArray());
    provider.flush();
    assertTrue(jceks.isFile());
    assertFalse(
        "the keystore does not hold the secret in clear",
        new String(Files.readAllBytes(jceks.toPath()), StandardCharsets.ISO_8859_1)
            .contains(secret));
    return conf;
  }

  private static String mode(File file) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(file.toPath()));
  }

  private File secretFile(String mode, String content) throws Exception {
    File file = tmp.newFile();
    Files.writeString(file.toPath(), content);
    Files.setPosixFilePermissions(file.toPath(), PosixFilePermissions.fromString(mode));
    return file;
  }

  private static String refusal(Configuration conf, String key) {
    try {
      char[] secret = Secrets.secret(conf, key);
      fail("accepted a secret of " + (secret == null ? 0 : secret.length) + " characters");
      return null;
    } catch (BadSettingException e) {
      return e.getMessage();
    }
  }
}
