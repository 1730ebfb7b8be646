// Package importfuzz holds the importer's fuzz target apart from its tests:
// those link the SQLite driver, whose size slows every fuzzing run to a
// crawl (go test -fuzz instruments every package of the test binary).
package importfuzz
