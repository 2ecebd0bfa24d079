/** JMH benchmarks: each class states the question it answers and how to read its result. */
package io.github.ycsbstorage.benchmarks;
