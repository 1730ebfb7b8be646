// Package picturefuzz holds the picture handler's fuzz target apart from
// its tests: those link the database drivers, whose size slows every
// fuzzing run to a crawl (go test -fuzz instruments every package of the
// test binary).
package picturefuzz
