/**
 * Property parsing shared by every component: typed, validated reads with errors that name the
 * property, unit-aware sizes and durations, unknown-key detection per namespace, secret masking.
 */
package io.github.ycsbstorage.config;
