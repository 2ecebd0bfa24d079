package io.github.ycsbstorage.result;

/**
 * Whether a run starts with whatever is cached ({@code warm}) or with the OS page cache dropped
 * ({@code storage.cache}, {@code study.cache}; a study cell's {@code cache}).
 */
public enum CacheState { WARM, COLD }
