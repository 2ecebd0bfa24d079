/** Data path to physical device resolution, device classification and host I/O tuning, from /proc and /sys. */
package io.github.ycsbstorage.collector.device;
