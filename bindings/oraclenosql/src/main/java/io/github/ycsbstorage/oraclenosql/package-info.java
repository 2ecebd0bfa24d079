/** The {@code oraclenosql} binding, on the kvclient Table API of the user's Oracle NoSQL installation. */
package io.github.ycsbstorage.oraclenosql;
