/**
 * Where the index job reaches into Lucene's codec internals: {@code UncompressedStoredFieldsCodec}
 * (Lucene 9.12's codec with plain stored-field chunks, through
 * Lucene90CompressingStoredFieldsFormat and CompressionMode). {@code LuceneVersionTest} names the
 * Lucene version it was written for and what to re-check when it changes.
 */
package org.trawler.jobs.luceneinternals;
