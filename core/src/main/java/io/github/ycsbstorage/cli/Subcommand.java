package io.github.ycsbstorage.cli;

import java.util.concurrent.Callable;

/**
 * A command of {@code bin/ycsb} that a module above core adds ({@code demo}, which names bindings and
 * embeds a server): a picocli {@code @Command} that {@link Main} finds through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/io.github.ycsbstorage.cli.Subcommand}), so
 * that core does not depend on it. Its exit status is that of {@link Main#execute}; its environment is
 * its parent's ({@code @ParentCommand Main}, {@link Main#environment()}), never {@code System.getenv}.
 */
public interface Subcommand extends Callable<Integer> {
}
