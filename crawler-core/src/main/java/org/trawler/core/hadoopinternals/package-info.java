/**
 * Where the crawler reaches into Hadoop beyond its public API, kept in one place because an upgrade
 * may change what these classes rely on without a compile error: {@code PosixLocalFileSystem}
 * (RawLocalFileSystem's permission calls and its status class) and {@code RawMapFileWriter} (the
 * MapFile layout: a data and an index SequenceFile, the index interval). {@code HadoopVersionTest}
 * names the Hadoop version they were written for and what to re-check when it changes;
 * docs/architecture.md lists which job each serves and how to measure it switched off.
 */
package org.trawler.core.hadoopinternals;
