/** Observing a server on another host: /proc over ssh, and the interface for database-reported metrics. */
package io.github.ycsbstorage.collector.remote;
