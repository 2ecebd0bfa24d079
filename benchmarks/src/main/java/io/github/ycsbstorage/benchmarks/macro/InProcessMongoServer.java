package io.github.ycsbstorage.benchmarks.macro;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * A mongo-java-server (memory backend) in its own JVM, for side-by-side macro benchmarks when no
 * {@code mongod} is at hand. Usage: {@code InProcessMongoServer [port]} (0 or absent: a free port).
 * Listens on 127.0.0.1 only, prints its URL on one line, and serves until the process is killed.
 */
public final class InProcessMongoServer {
  private InProcessMongoServer() {
  }

  public static void main(String[] args) throws InterruptedException {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    var server = new MongoServer(new MemoryBackend());
    server.bind("127.0.0.1", port);
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
    System.out.println("mongodb://127.0.0.1:" + server.getLocalAddress().getPort());
    System.out.flush();
    Thread.currentThread().join();
  }
}
