package io.github.ycsbstorage.mongodb;

import java.nio.charset.StandardCharsets;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.BsonWriter;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;

/**
 * Reads documents as {@link StoredFields}: binary values as their bytes, strings as their
 * ISO-8859-1 bytes (see {@link FieldType}), values of other types (written by someone else) as the
 * UTF-8 bytes of their text; {@code _id} is skipped. Writes {@link StoredFields} back as binary
 * fields. Stateless and thread-safe.
 */
final class StoredFieldsCodec implements Codec<StoredFields> {
  private static final BsonValueCodec OTHER_VALUES = new BsonValueCodec();

  @Override
  public StoredFields decode(BsonReader reader, DecoderContext context) {
    var fields = new StoredFields();
    reader.readStartDocument();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      var name = reader.readName();
      if ("_id".equals(name)) {
        reader.skipValue();
        continue;
      }
      var type = reader.getCurrentBsonType();
      if (type == BsonType.BINARY) {
        fields.add(name, reader.readBinaryData().getData());
      } else if (type == BsonType.STRING) {
        fields.add(name, reader.readString().getBytes(StandardCharsets.ISO_8859_1));
      } else {
        fields.add(name, text(OTHER_VALUES.decode(reader, context)).getBytes(StandardCharsets.UTF_8));
      }
    }
    reader.readEndDocument();
    return fields;
  }

  private static String text(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32 -> String.valueOf(value.asInt32().getValue());
      case INT64 -> String.valueOf(value.asInt64().getValue());
      case DOUBLE -> String.valueOf(value.asDouble().getValue());
      case BOOLEAN -> String.valueOf(value.asBoolean().getValue());
      default -> value.toString();
    };
  }

  @Override
  public void encode(BsonWriter writer, StoredFields fields, EncoderContext context) {
    writer.writeStartDocument();
    for (int i = 0; i < fields.size(); i++) {
      writer.writeName(fields.name(i));
      writer.writeBinaryData(new org.bson.BsonBinary(fields.value(i)));
    }
    writer.writeEndDocument();
  }

  @Override
  public Class<StoredFields> getEncoderClass() {
    return StoredFields.class;
  }
}
