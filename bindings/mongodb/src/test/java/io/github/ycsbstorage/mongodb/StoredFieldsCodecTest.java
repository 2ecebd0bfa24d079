package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import org.bson.BsonBinaryReader;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonDocumentWriter;
import org.bson.RawBsonDocument;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.types.Binary;
import org.junit.jupiter.api.Test;

class StoredFieldsCodecTest {
  private final StoredFieldsCodec codec = new StoredFieldsCodec();

  private StoredFields decode(BsonDocument document) {
    return codec.decode(new BsonDocumentReader(document), DecoderContext.builder().build());
  }

  @Test
  void readsBinaryAndStringFieldsAsBytesAndSkipsTheId() {
    var all = new byte[256];
    for (int i = 0; i < all.length; i++) {
      all[i] = (byte) i;
    }
    var document = new org.bson.Document("_id", "user1")
        .append("field0", new Binary(all))
        .append("field1", new String(all, StandardCharsets.ISO_8859_1))
        .append("count", 42L)
        .append("ratio", 0.5)
        .append("nested", new org.bson.Document("a", 1));
    var raw = new RawBsonDocument(document, CodecRegistries.fromRegistries(
        com.mongodb.MongoClientSettings.getDefaultCodecRegistry()).get(org.bson.Document.class));
    var fields = codec.decode(new BsonBinaryReader(raw.getByteBuffer().asNIO()), DecoderContext.builder().build());
    var result = new HashMap<String, site.ycsb.ByteIterator>();
    fields.copyTo(result);
    assertEquals(List.of("field0", "field1", "count", "ratio", "nested"),
        List.of(fields.name(0), fields.name(1), fields.name(2), fields.name(3), fields.name(4)));
    assertArrayEquals(all, result.get("field0").toArray());
    assertArrayEquals(all, result.get("field1").toArray());
    assertEquals("42", new String(result.get("count").toArray(), StandardCharsets.UTF_8));
    assertEquals("0.5", new String(result.get("ratio").toArray(), StandardCharsets.UTF_8));
    assertEquals("{\"a\": 1}", new String(result.get("nested").toArray(), StandardCharsets.UTF_8));
  }

  @Test
  void writesFieldsAsBinaryThatReadBackTheSame() {
    var fields = new StoredFields();
    fields.add("field0", new byte[] {0, (byte) 0xff, 7});
    fields.add("field1", new byte[0]);
    var document = new BsonDocument();
    codec.encode(new BsonDocumentWriter(document), fields, EncoderContext.builder().build());
    assertEquals(BsonDocument.parse(
        "{field0: {$binary: {base64: 'AP8H', subType: '00'}}, field1: {$binary: {base64: '', subType: '00'}}}"),
        document);
    var back = decode(document);
    assertEquals(2, back.size());
    assertArrayEquals(new byte[] {0, (byte) 0xff, 7}, back.value(0));
    assertArrayEquals(new byte[0], back.value(1));
  }
}
