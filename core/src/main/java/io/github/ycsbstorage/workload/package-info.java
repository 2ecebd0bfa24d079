/** The storage-aware workload: dataset sizing relative to server memory, warm-up and cache control. */
package io.github.ycsbstorage.workload;
