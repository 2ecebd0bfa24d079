/** The {@code mongodb} binding, on mongodb-driver-sync 5.x. */
package io.github.ycsbstorage.mongodb;
