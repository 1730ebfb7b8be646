// Package cmemory keeps the C side's memory small: the memory of the
// transpiled C libraries (SQLite, QuickJS), which modernc.org/libc's
// allocator serves from regions it maps itself.
//
// That allocator keeps every region freed for reuse, up to the most the
// program ever had live plus 4 MiB, and 4 MiB of each region size stays
// resident; after a burst (the pre-render of every page, an engine loaded
// and dropped) that is ~10 MiB of one agency's memory holding nothing
// (issue #35). Trim returns those regions; the server calls it once a
// minute, when a burst is over.
package cmemory
