package org.trawler.simweb.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * This process's resident set as Linux reports it: the peak (VmHWM in /proc/self/status) and its
 * reset (writing 5 to /proc/self/clear_refs). Elsewhere both are unknown: -1 and false.
 */
final class ResidentMemory {
  private static final Path STATUS = Paths.get("/proc/self/status");
  private static final Path CLEAR_REFS = Paths.get("/proc/self/clear_refs");

  private ResidentMemory() {}

  /** The peak resident set since the process started or the last reset, bytes; -1 if unknown. */
  static long peakBytes() {
    try {
      return vmHwmBytes(Files.readString(STATUS, StandardCharsets.US_ASCII));
    } catch (IOException | SecurityException e) {
      return -1;
    }
  }

  /** The peak resident set of process {@code pid} so far, bytes; -1 if unknown or gone. */
  static long peakBytes(long pid) {
    return kbFigureBytes(pid, "status", "VmHWM:");
  }

  /**
   * A figure in kB from a /proc/PID file (e.g. {@code status}, {@code VmRSS:}), bytes; -1 if the
   * file has no such line, or is unreadable or gone.
   */
  static long kbFigureBytes(long pid, String file, String field) {
    try {
      return kbFigureBytes(
          Files.readString(Paths.get("/proc", Long.toString(pid), file), StandardCharsets.US_ASCII),
          field);
    } catch (IOException | SecurityException e) {
      return -1;
    }
  }

  /** Starts a new peak at the current resident set; false if the system does not allow it. */
  static boolean resetPeak() {
    try {
      Files.writeString(CLEAR_REFS, "5", StandardCharsets.US_ASCII);
      return true;
    } catch (IOException | SecurityException e) {
      return false;
    }
  }

  /** The VmHWM line of a /proc/PID/status text, bytes; -1 if it has none. */
  static long vmHwmBytes(String status) {
    return kbFigureBytes(status, "VmHWM:");
  }

  private static long kbFigureBytes(String text, String field) {
    for (String line : text.split("\n")) {
      if (line.startsWith(field)) {
        return Long.parseLong(line.substring(field.length()).replace("kB", "").trim()) * 1024;
      }
    }
    return -1;
  }
}
