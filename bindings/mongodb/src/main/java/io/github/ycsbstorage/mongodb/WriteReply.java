package io.github.ycsbstorage.mongodb;

import java.util.Optional;

/**
 * The answer to an {@code insert}, {@code update} or {@code delete} command of one statement:
 * how many documents it matched (or inserted, or deleted), and the server's refusal, if any.
 * Immutable.
 *
 * @param n                 documents inserted, matched or deleted ({@code n})
 * @param writeError        the statement's write error ({@code writeErrors[0]}), e.g. a duplicate key
 * @param writeConcernError the write concern the server could not satisfy ({@code writeConcernError})
 */
record WriteReply(int n, Optional<ServerRefusal> writeError, Optional<ServerRefusal> writeConcernError) {
  /** The refusal that makes the write a failure, the write error first. */
  Optional<ServerRefusal> refusal() {
    return writeError.or(() -> writeConcernError);
  }
}
