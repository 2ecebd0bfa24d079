/**
 * Command-line entry points behind {@code bin/ycsb}: the YCSB-compatible {@code load}, {@code run} and
 * {@code shell} commands, and this project's own commands.
 */
package io.github.ycsbstorage.cli;
