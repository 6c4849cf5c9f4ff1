package org.trawler.jobs.index;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * What the index job's reducer hands the writers for one URL: add this document, or delete the
 * document with this id.
 */
public class IndexAction implements Writable {
  private static final byte ADD = 1;
  private static final byte DELETE = 2;

  private static final byte STRING = 's';
  private static final byte LONG = 'l';
  private static final byte INT = 'i';
  private static final byte FLOAT = 'f';
  private static final byte DOUBLE = 'd';

  private boolean add;
  private String id = "";
  private IndexDocument doc;

  public IndexAction() {}

  public static IndexAction add(IndexDocument doc) {
    IndexAction a = new IndexAction();
    a.add = true;
    a.id = doc.id();
    a.doc = doc;
    return a;
  }

  public static IndexAction delete(String id) {
    IndexAction a = new IndexAction();
    a.id = id;
    return a;
  }

  public boolean isAdd() {
    return add;
  }

  public String id() {
    return id;
  }

  /** The document to add; null for a delete. */
  public IndexDocument document() {
    return doc;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(add ? ADD : DELETE);
    Text.writeString(out, id);
    if (!add) {
      return;
    }
    Map<String, List<Object>> fields = doc.fields();
    WritableUtils.writeVInt(out, fields.size());
    for (Map.Entry<String, List<Object>> f : fields.entrySet()) {
      Text.writeString(out, f.getKey());
      WritableUtils.writeVInt(out, f.getValue().size());
      for (Object v : f.getValue()) {
        writeValue(out, v);
      }
    }
  }

  private static void writeValue(DataOutput out, Object v) throws IOException {
    if (v instanceof Long l) {
      out.writeByte(LONG);
      out.writeLong(l);
    } else if (v instanceof Integer i) {
      out.writeByte(INT);
      out.writeInt(i);
    } else if (v instanceof Float f) {
      out.writeByte(FLOAT);
      out.writeFloat(f);
    } else if (v instanceof Double d) {
      out.writeByte(DOUBLE);
      out.writeDouble(d);
    } else {
      out.writeByte(STRING);
      Text.writeString(out, v.toString());
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    byte kind = in.readByte();
    if (kind != ADD && kind != DELETE) {
      throw new IOException("not an index action: " + kind);
    }
    add = kind == ADD;
    id = Text.readString(in);
    doc = null;
    if (!add) {
      return;
    }
    doc = new IndexDocument();
    int n = WritableUtils.readVInt(in);
    for (int i = 0; i < n; i++) {
      String name = Text.readString(in);
      int values = WritableUtils.readVInt(in);
      for (int j = 0; j < values; j++) {
        doc.add(name, readValue(in));
      }
    }
  }

  private static Object readValue(DataInput in) throws IOException {
    byte type = in.readByte();
    return switch (type) {
      case LONG -> in.readLong();
      case INT -> in.readInt();
      case FLOAT -> in.readFloat();
      case DOUBLE -> in.readDouble();
      case STRING -> Text.readString(in);
      default -> throw new IOException("unknown field value type " + type);
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IndexAction a
        && a.add == add
        && a.id.equals(id)
        && Objects.equals(a.doc == null ? null : a.doc.fields(), doc == null ? null : doc.fields());
  }

  @Override
  public int hashCode() {
    return Objects.hash(add, id);
  }

  @Override
  public String toString() {
    return add ? "add " + doc : "delete " + id;
  }
}
