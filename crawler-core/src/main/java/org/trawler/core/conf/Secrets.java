package org.trawler.core.conf;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.ProviderUtils;
import org.apache.hadoop.security.alias.CredentialProviderFactory;

/**
 * Secrets of remote index writers (passwords, tokens), read where they are used (in the job's
 * driver for its check, in each task) and never put into the configuration: every value of a job's
 * configuration is in the job.xml that YARN shows to anyone who can see the job, and -D values are
 * in the command's process list. A secret for {@code key} comes from one of:
 *
 * <ul>
 *   <li>Hadoop's credential provider, an alias named {@code key} (hadoop credential create key
 *       -provider jceks://hdfs/user/me/trawler.jceks; the command is given -D
 *       hadoop.security.credential.provider.path=jceks://hdfs/user/me/trawler.jceks, a path, no
 *       secret);
 *   <li>the file named by {@code key.file} (a Hadoop path, so every task of a cluster reads the
 *       same HDFS file), which only its owner may read.
 * </ul>
 *
 * A value given for {@code key} itself (-D key=value or trawler-site.xml) is refused with a {@link
 * BadSettingException} (the command exits 2) saying how to give it instead (a key declared {@code
 * <type>secret</type>} in trawler-default.xml is refused so before any command runs, see {@link
 * KnownSettings#check}); so is a file, or a provider's keystore, that its group or others may read
 * or write. Truststore passwords are secrets like any other: one way in for all of them. Nothing
 * here logs or prints a secret: messages name the key and the file, never the value.
 */
public final class Secrets {
  /** Suffix of the key naming the file that holds {@code key}'s secret. */
  public static final String FILE_SUFFIX = ".file";

  private Secrets() {}

  /**
   * The secret for {@code key} from the credential provider or the file {@code key.file}, or null
   * when neither gives one. The caller should wipe the array once it has used it.
   *
   * @throws BadSettingException when the configuration holds a value for {@code key}, both the
   *     provider and a file give it, the provider or file cannot be read, or the file or the
   *     provider's keystore may be read or written by others than its owner
   */
  public static char[] secret(Configuration conf, String key) {
    if (!conf.getTrimmed(key, "").isEmpty()) {
      throw new BadSettingException(
          key, "a secret is not taken from the configuration " + howTo(key));
    }
    return fromProviderOrFile(conf, key);
  }

  /**
   * Throws the {@link BadSettingException} {@link #secret} would throw when the configuration holds
   * a value for one of {@code keys}: for a driver to call before it submits a job whose job.xml
   * would show the value.
   */
  public static void refuseInConfiguration(Configuration conf, String... keys) {
    for (String key : keys) {
      if (!conf.getTrimmed(key, "").isEmpty()) {
        throw new BadSettingException(
            key, "a secret is not taken from the configuration " + howTo(key));
      }
    }
  }

  private static char[] fromProviderOrFile(Configuration conf, String key) {
    char[] provided = fromProvider(conf, key);
    String file = conf.getTrimmed(key + FILE_SUFFIX, "");
    if (file.isEmpty()) {
      return provided;
    }
    if (provided != null) {
      Arrays.fill(provided, '\0');
      throw new BadSettingException(
          key + FILE_SUFFIX,
          "the credential provider ("
              + conf.getTrimmed(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, "")
              + ") gives "
              + key
              + " too; give it in one place");
    }
    return fromFile(conf, key + FILE_SUFFIX, new Path(file));
  }

  /** The alias {@code key} of the providers in hadoop.security.credential.provider.path. */
  private static char[] fromProvider(Configuration conf, String key) {
    checkProviderKeystores(conf);
    try {
      return conf.getPasswordFromCredentialProviders(key);
    } catch (IOException e) {
      throw new BadSettingException(
          key,
          "the credential provider "
              + conf.getTrimmed(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, "")
              + " cannot be read: "
              + oneLine(e.getMessage()),
          e);
    }
  }

  /** The file's text without its trailing line break; only its owner may read it. */
  private static char[] fromFile(Configuration conf, String fileKey, Path file) {
    byte[] bytes;
    try {
      FileSystem fs = file.getFileSystem(conf);
      FileStatus status = fs.getFileStatus(file);
      if (!status.isFile()) {
        throw new BadSettingException(fileKey, file + " is not a file");
      }
      requireOwnerOnly(fileKey, fs, file, status);
      try (InputStream in = fs.open(file)) {
        bytes = in.readAllBytes();
      }
    } catch (FileNotFoundException e) {
      throw new BadSettingException(fileKey, file + " does not exist", e);
    } catch (IOException e) {
      throw new BadSettingException(
          fileKey, file + " cannot be read: " + oneLine(e.getMessage()), e);
    }
    int end = bytes.length;
    while (end > 0 && (bytes[end - 1] == '\n' || bytes[end - 1] == '\r')) {
      end--;
    }
    CharBuffer chars = StandardCharsets.UTF_8.decode(ByteBuffer.wrap(bytes, 0, end));
    Arrays.fill(bytes, (byte) 0);
    char[] secret = Arrays.copyOfRange(chars.array(), chars.position(), chars.limit());
    Arrays.fill(chars.array(), '\0');
    if (secret.length == 0) {
      throw new BadSettingException(fileKey, file + " is empty");
    }
    return secret;
  }

  /**
   * Refuses a credential provider's keystore file that its group or others may read or write: its
   * own password is Hadoop's well-known default unless HADOOP_CREDSTORE_PASSWORD is set, so the
   * file's mode is all that keeps its secrets. A keystore that does not exist yet holds nothing,
   * and a provider without a file (user:///) has nothing to check.
   */
  private static void checkProviderKeystores(Configuration conf) {
    for (String provider :
        conf.getTrimmedStrings(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH)) {
      Path keystore;
      try {
        URI uri = new URI(provider);
        if (uri.getAuthority() == null || uri.getScheme() == null) {
          continue;
        }
        keystore = ProviderUtils.unnestUri(uri);
      } catch (URISyntaxException | IllegalArgumentException e) {
        continue; // Hadoop names the provider it cannot parse when it reads it
      }
      try {
        FileSystem fs = keystore.getFileSystem(conf);
        if (fs.exists(keystore)) {
          requireOwnerOnly(
              CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH,
              fs,
              keystore,
              fs.getFileStatus(keystore));
        }
      } catch (IOException e) {
        throw new BadSettingException(
            CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH,
            "the keystore " + keystore + " cannot be read: " + oneLine(e.getMessage()),
            e);
      }
    }
  }

  /**
   * Refuses {@code file} (named by {@code key}) when its group or others may read or write it, in
   * one line saying how to make it owner-only on its file system.
   */
  private static void requireOwnerOnly(String key, FileSystem fs, Path file, FileStatus status) {
    FsPermission permission = status.getPermission();
    String shared = sharedWithOthers(permission);
    if (shared != null) {
      String chmod =
          "file".equals(fs.getScheme())
              ? "chmod 600 " + Path.getPathWithoutSchemeAndAuthority(file)
              : "hadoop fs -chmod 600 " + fs.makeQualified(file);
      throw new BadSettingException(
          key,
          file
              + " may be "
              + shared
              + " by others than its owner ("
              + permission
              + "); make it owner-only: "
              + chmod);
    }
  }

  /**
   * "read" when group or others may read the file (and learn the secret), "written" when they may
   * write it (and put in one of their own: a token that sends the crawl to their server), or null.
   */
  private static String sharedWithOthers(FsPermission permission) {
    FsAction group = permission.getGroupAction();
    FsAction other = permission.getOtherAction();
    if (group.implies(FsAction.READ) || other.implies(FsAction.READ)) {
      return "read";
    }
    if (group.implies(FsAction.WRITE) || other.implies(FsAction.WRITE)) {
      return "written";
    }
    return null;
  }

  /** How to give {@code key}'s secret instead of in the configuration, in one line. */
  private static String howTo(String key) {
    return "(job.xml would show it to every user of the cluster): store it with `hadoop credential"
        + " create "
        + key
        + " -provider jceks://hdfs/user/<you>/trawler.jceks` and give -D "
        + CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH
        + "=jceks://hdfs/user/<you>/trawler.jceks, or put it in a file only you can read (chmod"
        + " 600) and give -D "
        + key
        + FILE_SUFFIX
        + "=<path>";
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.replaceAll("\\s+", " ").trim();
  }
}
