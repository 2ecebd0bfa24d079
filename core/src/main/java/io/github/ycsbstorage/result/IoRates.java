package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.OptionalDouble;

/**
 * One device's extended statistics over an interval, with exactly the definitions of sysstat's
 * {@code iostat -x}: rates per second, {@code *_await} = time spent by completed requests / their
 * count (ms), {@code aqu-sz} = weighted time in queue / interval, {@code %util} = time with I/O in
 * flight / interval (capped at 100 as iostat does), {@code *areq-sz} = kB per request. Discard
 * figures are empty (written as {@code null}) when the kernel does not report them (before 4.18). Immutable.
 */
public record IoRates(
    @JsonProperty("r/s") double readsPerSec,
    @JsonProperty("w/s") double writesPerSec,
    @JsonProperty("rkB/s") double readKbPerSec,
    @JsonProperty("wkB/s") double writeKbPerSec,
    @JsonProperty("rrqm/s") double readMergesPerSec,
    @JsonProperty("wrqm/s") double writeMergesPerSec,
    @JsonProperty("r_await") double readAwaitMs,
    @JsonProperty("w_await") double writeAwaitMs,
    @JsonProperty("aqu-sz") double queueSize,
    @JsonProperty("%util") double utilPercent,
    @JsonProperty("rareq-sz") double readRequestKb,
    @JsonProperty("wareq-sz") double writeRequestKb,
    @JsonProperty("d/s") OptionalDouble discardsPerSec,
    @JsonProperty("dkB/s") OptionalDouble discardKbPerSec,
    @JsonProperty("d_await") OptionalDouble discardAwaitMs) {
}
