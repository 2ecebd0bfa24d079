package io.github.ycsbstorage.mongodb;

import java.util.Optional;

/**
 * The answer to a single-batch {@code find} command: the first document of its first batch, if
 * any. Immutable.
 *
 * @param document the document's fields, empty when nothing matched
 */
record FindReply(Optional<StoredFields> document) {
}
