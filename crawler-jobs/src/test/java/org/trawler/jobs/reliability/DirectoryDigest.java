package org.trawler.jobs.reliability;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A digest of a directory tree: every file's relative path and bytes (directories only through the
 * files in them: an empty directory a lock left is no change of data). Equal = untouched.
 */
final class DirectoryDigest {
  private DirectoryDigest() {}

  static String of(File dir) throws IOException {
    if (!dir.exists()) {
      return "absent";
    }
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    List<java.nio.file.Path> files;
    try (Stream<java.nio.file.Path> walk = Files.walk(dir.toPath())) {
      files = walk.sorted().collect(Collectors.toList());
    }
    for (java.nio.file.Path f : files) {
      if (Files.isRegularFile(f)) {
        sha.update(dir.toPath().relativize(f).toString().getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(Files.readAllBytes(f));
      }
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  /** The files under {@code dir} whose names start with {@code prefix}, at any depth. */
  static List<String> named(File dir, String prefix) throws IOException {
    try (Stream<java.nio.file.Path> walk = Files.walk(dir.toPath())) {
      return walk.filter(p -> p.getFileName().toString().startsWith(prefix))
          .map(Object::toString)
          .collect(Collectors.toList());
    }
  }
}
