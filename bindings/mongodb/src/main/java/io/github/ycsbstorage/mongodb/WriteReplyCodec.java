package io.github.ycsbstorage.mongodb;

import java.util.Optional;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;

/**
 * Decodes the reply of a one-statement write command,
 * {@code {n, nModified?, upserted?, writeErrors?: [{index, code, errmsg}], writeConcernError?: {code, errmsg}, ok}},
 * into a {@link WriteReply}, skipping the rest. The driver has already turned {@code ok: 0} into an
 * exception. Decode only; stateless and thread-safe.
 */
final class WriteReplyCodec implements Codec<WriteReply> {
  @Override
  public WriteReply decode(BsonReader reader, DecoderContext context) {
    int n = 0;
    Optional<ServerRefusal> writeError = Optional.empty();
    Optional<ServerRefusal> writeConcernError = Optional.empty();
    reader.readStartDocument();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      var name = reader.readName();
      var type = reader.getCurrentBsonType();
      if (name.equals("n") && type == BsonType.INT32) {
        n = reader.readInt32();
      } else if (name.equals("n") && type == BsonType.INT64) {
        n = Math.toIntExact(reader.readInt64());
      } else if (name.equals("writeErrors") && type == BsonType.ARRAY) {
        reader.readStartArray();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
          var error = refusal(reader, false);
          writeError = writeError.isPresent() ? writeError : Optional.of(error);
        }
        reader.readEndArray();
      } else if (name.equals("writeConcernError") && type == BsonType.DOCUMENT) {
        writeConcernError = Optional.of(refusal(reader, true));
      } else {
        reader.skipValue();
      }
    }
    reader.readEndDocument();
    return new WriteReply(n, writeError, writeConcernError);
  }

  private static ServerRefusal refusal(BsonReader reader, boolean writeConcern) {
    int code = 0;
    String message = "";
    reader.readStartDocument();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      var name = reader.readName();
      var type = reader.getCurrentBsonType();
      if (name.equals("code") && type == BsonType.INT32) {
        code = reader.readInt32();
      } else if (name.equals("errmsg") && type == BsonType.STRING) {
        message = reader.readString();
      } else {
        reader.skipValue();
      }
    }
    reader.readEndDocument();
    return new ServerRefusal(code, message, writeConcern);
  }

  @Override
  public void encode(BsonWriter writer, WriteReply value, EncoderContext context) {
    throw new UnsupportedOperationException("a write reply is only read");
  }

  @Override
  public Class<WriteReply> getEncoderClass() {
    return WriteReply.class;
  }
}
