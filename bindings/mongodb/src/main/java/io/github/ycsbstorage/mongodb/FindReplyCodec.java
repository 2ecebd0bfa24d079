package io.github.ycsbstorage.mongodb;

import java.util.Optional;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;

/**
 * Decodes the reply of a {@code find} command, {@code {cursor: {firstBatch: [doc, ...], id, ns}, ok}},
 * straight into the first document's {@link StoredFields}, skipping everything else. The driver has
 * already checked {@code ok} and turned a failure into an exception before decoding. Decode only;
 * stateless and thread-safe.
 */
final class FindReplyCodec implements Codec<FindReply> {
  private static final FindReply NOTHING = new FindReply(Optional.empty());
  private final StoredFieldsCodec documents = new StoredFieldsCodec();

  @Override
  public FindReply decode(BsonReader reader, DecoderContext context) {
    var reply = NOTHING;
    reader.readStartDocument();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      if (reader.readName().equals("cursor") && reader.getCurrentBsonType() == BsonType.DOCUMENT) {
        reply = cursor(reader, context);
      } else {
        reader.skipValue();
      }
    }
    reader.readEndDocument();
    return reply;
  }

  private FindReply cursor(BsonReader reader, DecoderContext context) {
    var reply = NOTHING;
    reader.readStartDocument();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      if (reader.readName().equals("firstBatch") && reader.getCurrentBsonType() == BsonType.ARRAY) {
        reader.readStartArray();
        if (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
          reply = new FindReply(Optional.of(documents.decode(reader, context)));
          while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            reader.skipValue();
          }
        }
        reader.readEndArray();
      } else {
        reader.skipValue();
      }
    }
    reader.readEndDocument();
    return reply;
  }

  @Override
  public void encode(BsonWriter writer, FindReply value, EncoderContext context) {
    throw new UnsupportedOperationException("a find reply is only read");
  }

  @Override
  public Class<FindReply> getEncoderClass() {
    return FindReply.class;
  }
}
