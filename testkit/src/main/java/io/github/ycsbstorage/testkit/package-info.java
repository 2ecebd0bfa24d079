/** The shared conformance suite that every binding's tests extend ({@link io.github.ycsbstorage.testkit.DbConformanceSuite}). */
package io.github.ycsbstorage.testkit;
