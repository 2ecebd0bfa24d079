/** Support that every binding needs: one shared client per JVM, rate-limited failure logging. */
package io.github.ycsbstorage.binding;
