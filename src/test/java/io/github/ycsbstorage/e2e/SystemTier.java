package io.github.ycsbstorage.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks an integration test (a class, or one test of it) of the system tier: minutes of demo, rig, capacity search, faults or hung
 * servers, run by {@code mvn -B verify -Psystem} and left out of the fast tier ({@code mvn -B verify}).
 * The root pom's {@code tests.it.*} properties select the tiers by this tag.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(SystemTier.TAG)
public @interface SystemTier {
  String TAG = "system";
}
