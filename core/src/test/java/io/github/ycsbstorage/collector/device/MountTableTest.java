package io.github.ycsbstorage.collector.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MountTableTest {
  private static final String MOUNTINFO = String.join("\n",
      "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard",
      "40 27 8:1 / /data rw,noatime shared:1 master:2 - xfs /dev/sda1 rw,attr2",
      "41 27 8:2 / /database rw - ext4 /dev/sda2 rw",
      "42 40 8:3 / /data/my\\040db rw - ext4 /dev/sda3 rw",
      "43 27 8:4 / /data rw - ext4 /dev/sda4 rw",
      "garbage line",
      "");

  private final MountTable table = MountTable.parse(MOUNTINFO);

  @Test
  void parsesFieldsAcrossOptionalFields() {
    var data = table.mounts().get(1);
    assertEquals(new Mount(8, 1, "/data", "xfs", "/dev/sda1", "rw,noatime", "rw,attr2"), data);
    assertEquals(5, table.mounts().size());
  }

  @Test
  void longestMountPointWinsAndPrefixMustEndAtASlash() {
    assertEquals("/database", table.mountOf("/database/x").orElseThrow().mountPoint());
    assertEquals("/dev/sda3", table.mountOf("/data/my db/journal").orElseThrow().source());
    assertEquals("/", table.mountOf("/var/lib").orElseThrow().mountPoint());
  }

  @Test
  void laterMountOnTheSamePointHidesTheEarlier() {
    assertEquals("/dev/sda4", table.mountOf("/data/x").orElseThrow().source());
  }

  @Test
  void unescapesOctalEscapes() {
    assertEquals("a b\tc\\d", MountTable.unescape("a\\040b\\011c\\134d"));
    assertEquals("\\x", MountTable.unescape("\\x"));
    assertTrue(MountTable.parse("").mounts().isEmpty());
  }
}
