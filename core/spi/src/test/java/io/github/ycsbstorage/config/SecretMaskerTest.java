package io.github.ycsbstorage.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.testkit.HangLimit;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SecretMaskerTest {
  private static final int MEGABYTE = 1 << 20;

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "mongodb://alice:s3cret@db1:27017/ycsb?w=1 | mongodb://alice:*****@db1:27017/ycsb?w=1",
      "mongodb+srv://bob:p%40ss@cluster0.example.net/ | mongodb+srv://bob:*****@cluster0.example.net/",
      "connect to mongodb://carol:x@h1,h2/db failed | connect to mongodb://carol:*****@h1,h2/db failed",
      "mongodb://db1:27017/ycsb | mongodb://db1:27017/ycsb",
      "login failed: password=hunter2 for user x | login failed: password=***** for user x",
      "oraclenosql.password: hunter2 | oraclenosql.password: *****",
      "\"oraclenosql.password\"=\"hunter2\" | \"oraclenosql.password\"=\"*****\"",
      // user information however it is formed: unescaped '/', a space, '@' in the password
      "mongodb://admin:pa/ss@db1/ycsb | mongodb://admin:*****@db1/ycsb",
      "`mongodb://admin:pa ss@db1/ycsb` | mongodb://admin:*****@db1/ycsb",
      "mongodb://admin:p@ss@db1/ycsb | mongodb://admin:*****@db1/ycsb",
      "`bad url mongodb://admin:p@s/s w@rd@db1:27017/ycsb?w=1 refused` | bad url mongodb://admin:*****@db1:27017/ycsb?w=1 refused",
      "https://ghp_token123@github.com/x | https://*****@github.com/x",
      "`mongodb.url='mongodb://admin:At8@Secret@127.0.0.1:1/ycsb' is invalid: if it holds (@) encode it` | `mongodb.url='mongodb://admin:*****@127.0.0.1:1/ycsb' is invalid: if it holds (@) encode it`",
      "mongodb://u:pw@%2Ftmp%2Fmongodb.sock | mongodb://u:*****@%2Ftmp%2Fmongodb.sock",
      "mongodb://nopassword@db1/ycsb | mongodb://*****@db1/ycsb",
      "a=mongodb://u:one@h1/x b=mongodb://v:two@h2/y | a=mongodb://u:*****@h1/x b=mongodb://v:*****@h2/y",
      // key names: pwd, passwd, credential, token, secret, key as the last word
      "-p mongodb.dbPwd=hunter2 -p recordcount=5 | -p mongodb.dbPwd=***** -p recordcount=5",
      "-p x.passwd=hunter2 | -p x.passwd=*****",
      "-p oraclenosql.credentials=hunter2 | -p oraclenosql.credentials=*****",
      "\"x.auth.token\"=\"hunter2\" | \"x.auth.token\"=\"*****\"",
      "{aws.secret=hunter2, recordcount=5} | {aws.secret=*****, recordcount=5}",
      "-p ssl.key=hunter2 -p api_key=h2 -p accessKey=h3 -p monkey=ok | -p ssl.key=***** -p api_key=***** -p accessKey=***** -p monkey=ok",
      "`\"password\" : \"hunter 2\"` | `\"password\" : \"*****\"`",
      // -p / --password arguments inside commands, but not YCSB's -p key=value
      "-p collector.ssh.command=sshpass -p hunter2 ssh -p recordcount=5 | -p collector.ssh.command=sshpass -p ***** ssh -p recordcount=5",
      "study.server.start=mongo --password hunter2 --eval x | study.server.start=mongo --password ***** --eval x",
      "mysqladmin --password=hunter2 status | mysqladmin --password=***** status",
      "`sshpass -p 'hunter 2' ssh host` | `sshpass -p '*****' ssh host`",
      "Command line: -db site.ycsb.BasicDB -P workloads/workloada -p label=x -load | Command line: -db site.ycsb.BasicDB -P workloads/workloada -p label=x -load",
      // misspelt secret keys, and a bare secret word before a value of a secret's shape (a command's output)
      "Command line: -p mongodb.pasword=hunter2 -p oraclenosql.passwrd=h3 -load | Command line: -p mongodb.pasword=***** -p oraclenosql.passwrd=***** -load",
      "restarting with token 3f9a77c0 now | restarting with token ***** now",
      "Password hunter2 | Password *****",
      "a password is required | a password is required",
  })
  void hidesSecretsInText(String text, String expected) {
    assertEquals(expected, SecretMasker.maskText(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"oraclenosql.password", "mongodb.dbPwd", "PASSWD", "x.credential", "auth.token",
      "aws.secret.access", "ssl.key", "API_KEY", "accessKey", "x.apikey", "tls.privatekey",
      // close to a secret name: a misspelt key still holds the secret
      "mongodb.pasword", "oraclenosql.passwrd", "db.secert", "x.passWord", "auth.tokn", "db.pass", "mongodb.dbPasswort"})
  void secretKeyNames(String key) {
    assertTrue(SecretMasker.isSecretKey(key), key);
  }

  @ParameterizedTest
  @ValueSource(strings = {"recordcount", "key", "monkey", "keyprefix", "mongodb.url", "collector.ssh.command",
      "insertorder", "fieldnameprefix", "hotspotdatafraction", "oraclenosql.pid", "oraclenosql.storename",
      "oraclenosql.helperhosts", "storage.dataset.ratio", "requestdistribution"})
  void ordinaryKeyNames(String key) {
    assertFalse(SecretMasker.isSecretKey(key), key);
  }

  @Test
  void hidesWholeValuesOfSecretKeys() {
    var properties = new Properties();
    properties.setProperty("oraclenosql.password", "hunter2");
    properties.setProperty("mongodb.url", "mongodb://u:pw@h/db");
    properties.setProperty("collector.ssh.command", "sshpass -p hunter2 ssh");
    properties.setProperty("recordcount", "1000");
    var masked = SecretMasker.maskedCopy(properties);
    assertEquals("*****", masked.get("oraclenosql.password"));
    assertEquals("mongodb://u:*****@h/db", masked.get("mongodb.url"));
    assertEquals("sshpass -p ***** ssh", masked.get("collector.ssh.command"));
    assertEquals("1000", masked.get("recordcount"));
  }

  /** The old URL pattern backtracked on long runs of letters: 100 KB took minutes. */
  @Test
  void aMegabyteOfLettersPassesUnchangedOrMaskedWhole() {
    // a hang limit, not a speed judgement: a backtracking masker never ends here
    assertTimeoutPreemptively(HangLimit.of(HangLimit.STEP), this::maskMegabyteOfLetters);
  }

  private void maskMegabyteOfLetters() {
    var letters = "a".repeat(MEGABYTE);
    assertEquals(" -p label=" + letters, SecretMasker.maskText(" -p label=" + letters));
    assertEquals("mongodb://" + letters, SecretMasker.maskText("mongodb://" + letters));
    assertEquals("mongodb://u:*****@h", SecretMasker.maskText("mongodb://u:" + letters + "@h"));
    assertEquals("x.password=*****", SecretMasker.maskText("x.password=" + letters));
    assertEquals("sshpass -p ***** ssh", SecretMasker.maskText("sshpass -p " + letters + " ssh"));
  }

  @Test
  void aMegabyteOfRandomBytesAroundSecretsHidesThem() {
    assertTimeoutPreemptively(HangLimit.of(HangLimit.STEP), this::maskMegabyteOfRandomBytes);
  }

  private void maskMegabyteOfRandomBytes() {
    var random = new Random(15);
    var bytes = new byte[MEGABYTE];
    random.nextBytes(bytes);
    var junk = new String(bytes, StandardCharsets.ISO_8859_1);
    var secretLine = "\n -p mongodb.url=mongodb://admin:Hunter1@db1/ycsb -p oraclenosql.password=Hunter2 "
        + "-p collector.ssh.command=sshpass -p Hunter3 ssh\n";
    var masked = SecretMasker.maskText(junk + secretLine + junk);
    for (var secret : new String[] {"Hunter1", "Hunter2", "Hunter3"}) {
      assertFalse(masked.contains(secret), secret);
    }
    // Every rule stops at a line end: the line between the junk comes out exactly masked.
    assertTrue(masked.contains("\n -p mongodb.url=mongodb://admin:*****@db1/ycsb -p oraclenosql.password=***** "
        + "-p collector.ssh.command=sshpass -p ***** ssh\n"));

    // Junk without the characters that can start or end a secret is left as it is.
    var plain = new StringBuilder(MEGABYTE);
    for (byte b : bytes) {
      char c = (char) (b & 0xff);
      plain.append(":=@/-\"'".indexOf(c) < 0 ? c : ' ');
    }
    assertEquals(plain.toString(), SecretMasker.maskText(plain.toString()));
  }
}
