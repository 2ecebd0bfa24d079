/**
 * What the loaded dataset occupies on storage: the growth of the server's data directory on this
 * host, measured as {@code du} does, else the on-disk size the server reports, else unknown with the
 * reason; measured after asking the server to flush and waiting until the size settles.
 */
package io.github.ycsbstorage.dataset;
