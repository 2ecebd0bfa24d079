/**
 * Test fixtures shared by the core, bindings' and end-to-end tests: the conformance suite every
 * binding's tests extend ({@link io.github.ycsbstorage.testkit.DbConformanceSuite}), a real KVLite
 * ({@link io.github.ycsbstorage.testkit.KvLite}), an in-process MongoDB-wire server
 * ({@link io.github.ycsbstorage.testkit.MongoServerExtension}), and waiting without judging speed:
 * {@link io.github.ycsbstorage.testkit.HangLimit} (polls, limits scaled by one factor) and
 * {@link io.github.ycsbstorage.testkit.ProcessRun} (a child process whose output so far is shown when
 * it hangs).
 */
package io.github.ycsbstorage.testkit;
