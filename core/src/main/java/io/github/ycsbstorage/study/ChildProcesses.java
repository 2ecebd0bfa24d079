package io.github.ycsbstorage.study;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client and server processes a study has started and not yet reaped. A JVM shutdown hook
 * (SIGINT, SIGTERM) ends them all, with their descendants, so that an interrupted study leaves no
 * client behind writing into a cell that resume will redo. Thread-safe.
 */
public final class ChildProcesses {
  private final Set<Process> running = ConcurrentHashMap.newKeySet();
  private final Thread hook = new Thread(this::destroyAll, "study-children-cleanup");

  /** Installs the shutdown hook; call {@link #close()} when the study is done. */
  public ChildProcesses() {
    Runtime.getRuntime().addShutdownHook(hook);
  }

  public Process track(Process process) {
    running.add(process);
    return process;
  }

  public void forget(Process process) {
    running.remove(process);
  }

  /** Ends every tracked process and its descendants: politely first, then forcibly after 5 s. */
  public void destroyAll() {
    for (var process : running) {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
    }
    var deadline = System.nanoTime() + 5_000_000_000L;
    for (var process : running) {
      while (process.isAlive() && System.nanoTime() < deadline) {
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
    running.clear();
  }

  /** Removes the shutdown hook (when the JVM is not already shutting down). */
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // The hook is running or about to: it does the cleanup.
      return;
    }
    destroyAll();
  }
}
