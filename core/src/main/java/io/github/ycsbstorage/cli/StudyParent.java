package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.exit.ExitStatus;
import java.io.IOException;

/**
 * Ends a client whose study has ended. The study runner starts every client with
 * {@code -D}{@value #PROPERTY}{@code =stdin} and a pipe as its stdin that it never writes to: when
 * the study process ends, even by SIGKILL, the pipe reaches end-of-file (over ssh too, which passes
 * it on), and the client stops as on SIGTERM (exit 143; an interrupted phase still exports), so that
 * no orphan keeps writing into a cell that a resume redoes. Stateless.
 */
final class StudyParent {
  /** The system property the study runner sets on its clients. */
  static final String PROPERTY = "ycsb.storage.parent";
  /** As after SIGTERM: the study treats the client as interrupted. */

  private StudyParent() {
  }

  /** Watches stdin for its end when this client was started by a study; otherwise does nothing. */
  static void watch() {
    if (!"stdin".equals(System.getProperty(PROPERTY))) {
      return;
    }
    var watcher = new Thread(() -> {
      try {
        while (System.in.read() >= 0) {
          // the study never writes: anything read is ignored until the end
        }
      } catch (IOException closed) {
        // a broken pipe is the end too
      }
      System.err.println("ycsb: the study that started this client has ended (its pipe closed): stopping");
      Main.exit(ExitStatus.TERMINATED.code());
    }, "study-parent-watch");
    watcher.setDaemon(true);
    watcher.start();
  }
}
