/** The HTML and Markdown report over a directory of study results. */
package io.github.ycsbstorage.report;
