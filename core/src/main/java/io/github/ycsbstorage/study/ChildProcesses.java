package io.github.ycsbstorage.study;

import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The client and server processes a study has started and not yet reaped. A JVM shutdown hook
 * (SIGINT, SIGTERM) ends them all, with their descendants, so that an interrupted study leaves no
 * client behind writing into a cell that resume will redo. Thread-safe.
 */
public final class ChildProcesses {
  /** How long each process gets to end after SIGTERM, and again after SIGKILL. */
  private static final long GRACE_SECONDS = 5;

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

  /**
   * Ends every tracked process and its descendants, politely first, then forcibly after
   * {@value #GRACE_SECONDS} s, and returns once they have ended: none outlives the study.
   */
  public void destroyAll() {
    // Descendants are listed before anything dies: an orphan is no longer anyone's descendant.
    var all = new ArrayList<ProcessHandle>();
    var exits = new ArrayList<CompletableFuture<?>>();
    for (var process : running) {
      process.descendants().forEach(all::add);
      all.add(process.toHandle());
      exits.add(process.onExit()); // a child's own onExit also reaps it
    }
    all.forEach(handle -> exits.add(handle.onExit()));
    all.forEach(ProcessHandle::destroy);
    if (!awaitAll(exits)) {
      all.forEach(ProcessHandle::destroyForcibly);
      awaitAll(exits);
    }
    running.clear();
  }

  private static boolean awaitAll(ArrayList<CompletableFuture<?>> exits) {
    try {
      CompletableFuture.allOf(exits.toArray(CompletableFuture[]::new)).get(GRACE_SECONDS, TimeUnit.SECONDS);
      return true;
    } catch (TimeoutException | ExecutionException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
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
