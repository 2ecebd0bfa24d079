package io.github.ycsbstorage.mongodb;

import java.nio.charset.StandardCharsets;
import org.bson.BsonBinary;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * How a YCSB field value is stored in a document. Both kinds round-trip every byte: strings use
 * ISO-8859-1, which maps each byte to one character. Reading ({@link StoredFieldsCodec}) accepts
 * either kind whatever the setting, so a collection loaded with one setting can be run with the
 * other. Stateless.
 */
public enum FieldType {
  /** BSON binary (subtype 0), as YCSB's own binding stores values. */
  BINARY {
    @Override
    BsonValue encode(byte[] value) {
      return new BsonBinary(value);
    }
  },
  /** BSON string, readable in the mongo shell. */
  STRING {
    @Override
    BsonValue encode(byte[] value) {
      return new BsonString(new String(value, StandardCharsets.ISO_8859_1));
    }
  };

  /** The BSON value stored for {@code value}. */
  abstract BsonValue encode(byte[] value);
}
