package io.github.ycsbstorage.spi;

/** Where the database server runs relative to this client process. */
public enum Locality {
  /** Same host: its data directory, page cache and /proc are observable from here. */
  LOCAL,
  /** Another host: nothing about its machine may be read from this one. */
  REMOTE,
  /** Cannot be decided (e.g. behind a load balancer or a proxy). Treated like {@link #REMOTE}. */
  UNKNOWN
}
