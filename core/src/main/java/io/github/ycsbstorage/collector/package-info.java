/** Device resolution and classification, and OS I/O sampling during a phase. */
package io.github.ycsbstorage.collector;
