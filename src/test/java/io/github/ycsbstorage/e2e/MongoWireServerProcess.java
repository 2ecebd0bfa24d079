package io.github.ycsbstorage.e2e;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.io.IOException;

/**
 * A MongoDB-wire server (mongo-java-server, memory backend) in a process of its own, so that a test
 * can stop it with SIGSTOP, a real hang: it prints its port on the first line of stdout and serves
 * until its stdin closes.
 */
public final class MongoWireServerProcess {
  private MongoWireServerProcess() {
  }

  public static void main(String[] args) throws IOException {
    var server = new MongoServer(new MemoryBackend());
    server.bind("127.0.0.1", 0);
    System.out.println(server.getLocalAddress().getPort());
    System.out.flush();
    while (System.in.read() >= 0) {
      // serve until the test closes our stdin (or ends us)
    }
    server.shutdownNow();
  }
}
