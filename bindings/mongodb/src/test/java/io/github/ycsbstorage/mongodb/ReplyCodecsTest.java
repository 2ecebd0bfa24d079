package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.codecs.DecoderContext;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;

/** Command replies as mongod sends them (shapes from MongoDB's manual), decoded without a Document in between. */
class ReplyCodecsTest {
  private static final DecoderContext CONTEXT = DecoderContext.builder().build();

  private static FindReply find(String reply) {
    return new FindReplyCodec().decode(new BsonDocumentReader(BsonDocument.parse(reply)), CONTEXT);
  }

  private static WriteReply write(String reply) {
    return new WriteReplyCodec().decode(new BsonDocumentReader(BsonDocument.parse(reply)), CONTEXT);
  }

  @Test
  void aFindReplyGivesItsFirstDocumentsFields() {
    var reply = find("{cursor: {firstBatch: [{_id: 'user1', field0: {$binary: {base64: 'YQ==', subType: '00'}},"
        + " field1: 'b'}], id: {$numberLong: '0'}, ns: 'ycsb.usertable'}, ok: 1.0}");
    var result = new HashMap<String, ByteIterator>();
    reply.document().orElseThrow().copyTo(result);
    assertEquals(2, result.size());
    assertArrayEquals("a".getBytes(StandardCharsets.US_ASCII), result.get("field0").toArray());
    assertArrayEquals("b".getBytes(StandardCharsets.US_ASCII), result.get("field1").toArray());
  }

  @Test
  void anEmptyBatchIsNotFound() {
    assertEquals(Optional.empty(), find("{cursor: {firstBatch: [], id: {$numberLong: '0'}, ns: 'ycsb.t'}, ok: 1}")
        .document());
    assertEquals(Optional.empty(), find("{ok: 1}").document());
  }

  @Test
  void aWriteReplyCountsAndNamesItsRefusals() {
    var done = write("{n: 1, nModified: 1, ok: 1.0}");
    assertEquals(1, done.n());
    assertEquals(Optional.empty(), done.refusal());

    var duplicate = write("{n: 0, writeErrors: [{index: 0, code: 11000, errmsg: 'E11000 duplicate key error'},"
        + " {index: 1, code: 11000, errmsg: 'second'}], ok: 1}");
    assertEquals(0, duplicate.n());
    var refusal = duplicate.refusal().orElseThrow();
    assertEquals(11000, refusal.code());
    assertEquals("write error 11000: E11000 duplicate key error", refusal.getMessage());

    var notDurable = write("{n: 1, writeConcernError: {code: 64, codeName: 'WriteConcernFailed',"
        + " errmsg: 'waiting for replication timed out', errInfo: {wtimeout: true}}, ok: 1}");
    assertEquals(1, notDurable.n());
    assertTrue(notDurable.refusal().orElseThrow().writeConcern());
    assertEquals("write concern error 64: waiting for replication timed out", notDurable.refusal().get().getMessage());

    assertEquals(3, write("{n: {$numberLong: '3'}, ok: 1}").n());
  }
}
