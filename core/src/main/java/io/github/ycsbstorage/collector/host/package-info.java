/**
 * Read-only access to a host's {@code /proc} and {@code /sys} through one root directory, shared by
 * the collector's device resolution and sampling; depends on nothing else of ours.
 */
package io.github.ycsbstorage.collector.host;
