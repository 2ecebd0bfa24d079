import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.util.concurrent.CountDownLatch;
import org.h2.mvstore.MVStore;

/**
 * A MongoDB-wire server on one file: mongo-java-server with its H2 backend (an MVStore), the store's
 * page cache set, for studies of the MongoDB wire path on a device (h2-server.sh starts it; not MongoDB,
 * and no figure of it stands for MongoDB's). Prints "listening on 127.0.0.1:PORT" when it serves; a
 * TERM closes the store, so that the file is whole.
 *
 * <p>usage: java -cp "$YCSB_STORAGE_HOME/lib/*" H2WireServer.java FILE PORT CACHE_MB
 */
public final class H2WireServer {
  private H2WireServer() {
  }

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 3) {
      System.err.println("usage: H2WireServer.java FILE PORT CACHE_MB");
      System.exit(2);
    }
    // MVStore reads its file with positional FileChannel reads (no memory mapping), so the file may lie
    // on a direct_io FUSE mount; its page cache, here set, is then the store's only cache.
    var store = new MVStore.Builder().fileName(args[0]).cacheSize(Integer.parseInt(args[2])).open();
    var server = new MongoServer(new H2Backend(store));
    server.bind("127.0.0.1", Integer.parseInt(args[1]));
    var closed = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.shutdownNow(); // closes the backend, and with it the store
      closed.countDown();
    }));
    System.out.println("listening on 127.0.0.1:" + args[1]);
    System.out.flush();
    closed.await();
  }
}
