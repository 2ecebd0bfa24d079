package io.github.ycsbstorage.cli;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbstorage.config.InvalidPropertyException;
import org.junit.jupiter.api.Test;

class StoragePropertyCheckTest {

  @Test
  void storagePropertiesNeedTheStorageAwareWorkload() {
    InputCheck.checkStorageProperties(properties("workload", "site.ycsb.workloads.CoreWorkload"));
    // the keys every phase reads, whatever the workload: the study runner names a result file for each
    InputCheck.checkStorageProperties(properties("storage.result", "cell/result.json"));
    InputCheck.checkStorageProperties(properties("storage.workload", "com.example.OwnWorkload",
        "storage.failure.timeout", "10s", "storage.operation.timeout", "5s"));
    var error = assertThrows(InvalidPropertyException.class, () -> InputCheck.checkStorageProperties(
        properties("workload", "site.ycsb.workloads.CoreWorkload", "storage.dataset.ratio", "1.33")));
    assertEquals("workload='site.ycsb.workloads.CoreWorkload' is invalid: storage.dataset.ratio is set, but "
        + "site.ycsb.workloads.CoreWorkload does not read storage.* properties; accepted: "
        + "io.github.ycsbstorage.workload.StorageAwareWorkload (or a subclass) when storage.* properties are set",
        error.getMessage());
  }

  @Test
  void theStorageAwareWorkloadIsCheckedStatically() {
    var workload = "io.github.ycsbstorage.workload.StorageAwareWorkload";
    InputCheck.checkStorageProperties(properties("workload", workload, "storage.dataset.ratio", "1.33"));
    var error = assertThrows(InvalidPropertyException.class, () -> InputCheck.checkStorageProperties(
        properties("workload", workload, "storage.dataset.ratio", "1.33", "storage.dataset.size", "1GB")));
    assertEquals("storage.dataset.size", error.property());
    var empty = assertThrows(InvalidPropertyException.class, () -> InputCheck.checkStorageProperties(
        properties("workload", workload, "storage.dataset.size", "1GB", "fieldlength", "0")));
    assertEquals("fieldlength", empty.property());
  }
}
