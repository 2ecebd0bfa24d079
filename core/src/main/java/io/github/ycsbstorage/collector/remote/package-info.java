/** Observing a server on another host: /proc over ssh, and a binding's {@link io.github.ycsbstorage.spi.ServerMetrics} as a snapshot source. */
package io.github.ycsbstorage.collector.remote;
