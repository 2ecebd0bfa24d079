/** The direct-I/O read-latency probe that classifies a file system's medium empirically. */
package io.github.ycsbstorage.collector.probe;
