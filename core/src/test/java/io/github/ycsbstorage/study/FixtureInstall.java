package io.github.ycsbstorage.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * A minimal ycsb-storage install for tests: {@code bin/ycsb} runs the real
 * {@code io.github.ycsbstorage.cli.YcsbCommand} (and so YCSB's Client) on this test's classpath,
 * with YCSB's BasicDB whatever binding is named, as the distribution's launcher does for {@code basic}.
 */
final class FixtureInstall {
  /**
   * For every JVM of a fixture study (its clients, and a study started as a process): they run a few
   * hundred operations on BasicDB, so C1 alone and the serial collector start them with about a third
   * less CPU (measured), and nothing here measures the engine or the JVM.
   */
  static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

  private FixtureInstall() {
  }

  static Path create(Path home) throws IOException {
    var bin = Files.createDirectories(home.resolve("bin"));
    var java = Path.of(System.getProperty("java.home"), "bin", "java");
    // As bin/ycsb: -jvm-args values go to java, everything else to the client.
    var script = "#!/bin/sh\nphase=$1\nshift 2\njvm=\nnext=\n"
        + "for arg; do shift; if [ \"$next\" = jvm ]; then jvm=\"$jvm $arg\"; next=;"
        + " elif [ \"$arg\" = -jvm-args ]; then next=jvm; else set -- \"$@\" \"$arg\"; fi; done\n"
        + "exec '" + java + "' " + String.join(" ", JVM_OPTIONS) + " $jvm -cp '" + System.getProperty("java.class.path")
        + "' io.github.ycsbstorage.cli.YcsbCommand \"$phase\" -db site.ycsb.BasicDB \"$@\"\n";
    var launcher = bin.resolve("ycsb");
    Files.writeString(launcher, script);
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    var workloads = Files.createDirectories(home.resolve("workloads"));
    Files.writeString(workloads.resolve("workloada"), "workload=site.ycsb.workloads.CoreWorkload\n"
        + "recordcount=1000\noperationcount=1000\nreadproportion=0.5\nupdateproportion=0.5\n"
        + "requestdistribution=zipfian\nfieldcount=2\nfieldlength=10\n");
    Files.writeString(workloads.resolve("workloadc"), "workload=site.ycsb.workloads.CoreWorkload\n"
        + "recordcount=1000\noperationcount=1000\nreadproportion=1\nupdateproportion=0\n"
        + "requestdistribution=zipfian\nfieldcount=2\nfieldlength=10\n");
    Files.writeString(workloads.resolve("workloadd"), "workload=site.ycsb.workloads.CoreWorkload\n"
        + "recordcount=1000\noperationcount=1000\nreadproportion=0.95\nupdateproportion=0\ninsertproportion=0.05\n"
        + "requestdistribution=latest\nfieldcount=2\nfieldlength=10\n");
    return home;
  }
}
