/** /proc parsers, iostat-compatible rates and the sampler that runs during a phase. */
package io.github.ycsbstorage.collector.sample;
