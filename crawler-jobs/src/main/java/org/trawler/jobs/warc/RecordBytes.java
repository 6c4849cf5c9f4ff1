package org.trawler.jobs.warc;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.Arrays;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcWriter;

/**
 * A record serialized once, for the WAT and WET files made beside the WARC: jwarc's records are
 * read once (writing one consumes its body), so the WARC gets a copy read back from these bytes,
 * header for header the same, and the derived records read the block from them.
 *
 * @param original the record as built: its headers
 * @param toWrite the copy to write to the WARC file
 * @param headerLength bytes of the WARC header (version line to the empty line)
 * @param block the record's block (its Content-Length bytes)
 */
record RecordBytes(WarcRecord original, WarcRecord toWrite, int headerLength, byte[] block) {

  static RecordBytes of(WarcRecord record) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new WarcWriter(Channels.newChannel(out), WarcCompression.NONE).write(record);
    byte[] raw = out.toByteArray();
    int headerLength = record.serializeHeader().length;
    long length = Long.parseLong(record.headers().sole("Content-Length").orElse("0"));
    byte[] block = Arrays.copyOfRange(raw, headerLength, headerLength + (int) length);
    WarcRecord copy =
        new WarcReader(new ByteArrayInputStream(raw))
            .next()
            .orElseThrow(() -> new IOException("jwarc did not read back " + record.id()));
    return new RecordBytes(record, copy, headerLength, block);
  }
}
