package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.ReadConcern;
import com.mongodb.WriteConcern;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/** The commands as MongoDB's manual defines them, with the concerns the driver would add. */
class RecordCommandsTest {
  private static final RecordCommands PLAIN =
      new RecordCommands(FieldType.BINARY, WriteConcern.ACKNOWLEDGED, ReadConcern.DEFAULT);

  private static Map<String, ByteIterator> values(String... nameValue) {
    var values = new LinkedHashMap<String, ByteIterator>();
    for (int i = 0; i < nameValue.length; i += 2) {
      values.put(nameValue[i], new ByteArrayByteIterator(nameValue[i + 1].getBytes(StandardCharsets.US_ASCII)));
    }
    return values;
  }

  @Test
  void aReadIsASingleBatchFindOfOneDocument() {
    assertEquals(BsonDocument.parse("{find: 'usertable', filter: {_id: 'user1'}, limit: 1, singleBatch: true}"),
        PLAIN.find("usertable", "user1", null));
    assertEquals(BsonDocument.parse("{find: 'usertable', filter: {_id: 'user1'}, limit: 1, singleBatch: true,"
        + " projection: {_id: 0, field1: 1, field3: 1}}"),
        PLAIN.find("usertable", "user1", new LinkedHashSet<>(List.of("field1", "field3"))));
  }

  @Test
  void writesAreOneStatementEach() {
    // "YQ==" is base64 of "a": BSON binary subtype 0, as YCSB's own binding stores values.
    assertEquals(BsonDocument.parse("{insert: 'usertable', documents: [{_id: 'user1',"
        + " field0: {$binary: {base64: 'YQ==', subType: '00'}}}]}"), PLAIN.insert("usertable", "user1", values("field0", "a")));
    assertEquals(BsonDocument.parse("{update: 'usertable', updates: [{q: {_id: 'user1'},"
        + " u: {$set: {field0: {$binary: {base64: 'YQ==', subType: '00'}}}}}]}"),
        PLAIN.update("usertable", "user1", values("field0", "a")));
    assertEquals(BsonDocument.parse("{update: 'usertable', updates: [{q: {_id: 'user1'},"
        + " u: {_id: 'user1', field0: {$binary: {base64: 'YQ==', subType: '00'}}}, upsert: true}]}"),
        PLAIN.upsert("usertable", "user1", values("field0", "a")));
    assertEquals(BsonDocument.parse("{delete: 'usertable', deletes: [{q: {_id: 'user1'}, limit: 1}]}"),
        PLAIN.delete("usertable", "user1"));
  }

  @Test
  void stringFieldsAreStoredAsStrings() {
    var commands = new RecordCommands(FieldType.STRING, WriteConcern.ACKNOWLEDGED, ReadConcern.DEFAULT);
    assertEquals(BsonDocument.parse("{_id: 'user1', field0: 'abc'}"), commands.record("user1", values("field0", "abc")));
  }

  @Test
  void everyWriteCarriesTheWriteConcernAndEveryReadTheReadConcernUnlessTheyAreTheServersDefaults() {
    var commands = new RecordCommands(FieldType.BINARY, WriteConcern.MAJORITY.withJournal(true), ReadConcern.MAJORITY);
    var writeConcern = BsonDocument.parse("{w: 'majority', j: true}");
    assertEquals(writeConcern, commands.insert("t", "k", values()).getDocument("writeConcern"));
    assertEquals(writeConcern, commands.update("t", "k", values()).getDocument("writeConcern"));
    assertEquals(writeConcern, commands.upsert("t", "k", values()).getDocument("writeConcern"));
    assertEquals(writeConcern, commands.delete("t", "k").getDocument("writeConcern"));
    assertEquals(BsonDocument.parse("{level: 'majority'}"), commands.find("t", "k", null).getDocument("readConcern"));
    assertEquals(BsonDocument.parse("{w: 1}"),
        new RecordCommands(FieldType.BINARY, WriteConcern.W1, ReadConcern.DEFAULT).delete("t", "k").getDocument("writeConcern"));
  }
}
