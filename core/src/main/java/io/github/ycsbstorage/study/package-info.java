/** The study runner: a whole matrix of workloads, distributions, dataset sizes and devices. */
package io.github.ycsbstorage.study;
