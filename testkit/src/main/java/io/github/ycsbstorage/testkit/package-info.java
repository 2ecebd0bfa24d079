/**
 * Test fixtures shared by the bindings' and the end-to-end tests: the conformance suite every binding's
 * tests extend ({@link io.github.ycsbstorage.testkit.DbConformanceSuite}), a real KVLite
 * ({@link io.github.ycsbstorage.testkit.KvLite}) and an in-process MongoDB-wire server
 * ({@link io.github.ycsbstorage.testkit.MongoServerExtension}).
 */
package io.github.ycsbstorage.testkit;
