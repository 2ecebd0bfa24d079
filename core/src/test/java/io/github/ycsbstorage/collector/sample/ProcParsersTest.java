package io.github.ycsbstorage.collector.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProcParsersTest {
  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void cpuLineIsTheAggregateNotAPerCpuLine() {
    var stat = bytes("cpu  18900 5 4715 91534 314 7 69 21 3 0\ncpu0 9031 0 2099 46616 30 0 14 4 0 0\nintr 1 2\n");
    assertArrayEquals(new long[] {18900, 5, 4715, 91534, 314, 7, 69, 21, 3, 0}, ProcParsers.cpu(stat, 0, stat.length));
    var noCpu = bytes("intr 1\n");
    assertNull(ProcParsers.cpu(noCpu, 0, noCpu.length));
  }

  @Test
  void meminfoValuesInKbAndAbsentOnesAsMinusOne() {
    var meminfo = bytes("MemTotal:       24684092 kB\nMemFree:        20000000 kB\nMemAvailable:   22000000 kB\n"
        + "Buffers:          100000 kB\nCached:          1500000 kB\nSwapCached:            0 kB\n"
        + "Dirty:               128 kB\nWriteback:             0 kB\n");
    assertArrayEquals(new long[] {24684092, 20000000, 22000000, 100000, 1500000, 128, 0, -1, -1},
        ProcParsers.meminfo(meminfo, 0, meminfo.length));
  }

  @Test
  void vmstatAndProcessIo() {
    var vmstat = bytes("nr_free_pages 1\npgmajfault 42\npswpin 3\npswpout 4\npgmajfault_x 9\n");
    assertArrayEquals(new long[] {42, 3, 4}, ProcParsers.vmstat(vmstat, 0, vmstat.length));
    var io = bytes("rchar: 100\nwchar: 200\nsyscr: 3\nsyscw: 4\nread_bytes: 4096\nwrite_bytes: 8192\n"
        + "cancelled_write_bytes: 0\n");
    assertArrayEquals(new long[] {100, 200, 4096, 8192}, ProcParsers.processIo(io, 0, io.length));
  }

  /** A server's io file followed by its FUSE daemon's: the bytes the daemon read for it count as its own. */
  @Test
  void processIoAddsUpFilesOneAfterAnother() {
    var io = bytes("rchar: 100\nwchar: 200\nread_bytes: 0\nwrite_bytes: 8192\n"
        + "rchar: 7\nwchar: 1\nread_bytes: 1048576\nwrite_bytes: 0\n");
    assertArrayEquals(new long[] {107, 201, 1048576, 8192}, ProcParsers.processIo(io, 0, io.length));
  }

  @Test
  void processCpuCountsFieldsAfterTheCommandNameEvenWithSpacesAndParentheses() {
    var stat = bytes("1234 (mongo d) (x)) S 1 1234 1234 0 -1 4194560 100 0 5 0 250 75 0 0 20 0 30 0 99\n");
    assertArrayEquals(new long[] {250, 75}, ProcParsers.processCpu(stat, 0, stat.length));
    var broken = bytes("1234 no parenthesis");
    assertNull(ProcParsers.processCpu(broken, 0, broken.length));
  }

  @Test
  void diskstatsKeepsTheFieldCountAndSkipsShortLines() {
    var text = bytes("8 0 sda 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n8 1 sdx 1 2 3\n");
    var into = new java.util.HashMap<String, long[]>();
    ProcParsers.diskstats(text, 0, text.length, ProcParsers.ALL_DEVICES, into);
    assertEquals(java.util.Set.of("sda"), into.keySet());
    assertEquals(15, into.get("sda")[ProcParsers.DISK_FIELDS]);
    assertEquals(0, into.get("sda")[16]);
  }
}
