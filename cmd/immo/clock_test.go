package main

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFileClock: IMMO_CLOCK_FILE's clock follows the duration in the file
// (looked at again at most once a second), keeps the last good offset when
// the file holds no duration, and is the wall clock without a file.
func TestFileClock(t *testing.T) {
	wall := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	tick := func(d time.Duration) { wall = wall.Add(d) }
	path := filepath.Join(t.TempDir(), "clock")
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	mtime := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	write := func(text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		// A distinct modification time for every write, whatever the file system's resolution.
		mtime = mtime.Add(time.Minute)
		if err := os.Chtimes(path, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	clock := newFileClock(path, log, func() time.Time { return wall })
	check := func(want time.Duration, why string) {
		t.Helper()
		if got := clock.Now(); !got.Equal(wall.Add(want)) {
			t.Errorf("%s: now %v, want the wall clock %+v", why, got, want)
		}
	}
	check(0, "no file")

	write("1h5m\n")
	check(0, "within a second of the last look, the file is not looked at")
	tick(time.Second)
	check(time.Hour+5*time.Minute, "the file's offset")

	tick(time.Second)
	write("")
	tick(time.Second)
	check(0, "an empty file")

	write("-30m")
	tick(1100 * time.Millisecond)
	check(-30*time.Minute, "a negative offset")

	write("in an hour")
	tick(time.Second)
	check(-30*time.Minute, "a bad value keeps the last good offset")
	if !strings.Contains(logs.String(), "not a duration") {
		t.Errorf("a bad value is not logged:\n%s", logs.String())
	}
	tick(time.Second)
	check(-30*time.Minute, "still kept")

	write("2h")
	tick(time.Second)
	check(2*time.Hour, "a good value again")

	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	tick(time.Second)
	check(0, "the file removed")

	// The file's contents are read only when it changed.
	write("3h")
	tick(time.Second)
	check(3*time.Hour, "a new file")
	if err := os.WriteFile(path, []byte("4h"), 0o600); err != nil { // same size
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mtime, mtime); err != nil { // same time: unchanged to the clock
		t.Fatal(err)
	}
	tick(time.Second)
	check(3*time.Hour, "a file that seems unchanged is not read again")
}

// TestServeClock: without IMMO_CLOCK_FILE, serve keeps the wall clock
// (nil); with it, the file's clock, announced in the log.
func TestServeClock(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	t.Setenv(clockFileEnv, "")
	if serveClock(log) != nil {
		t.Error("no IMMO_CLOCK_FILE: a clock other than the wall clock")
	}
	path := filepath.Join(t.TempDir(), "clock")
	if err := os.WriteFile(path, []byte("24h"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv(clockFileEnv, path)
	now := serveClock(log)
	if now == nil {
		t.Fatal("IMMO_CLOCK_FILE set: no clock")
	}
	if d := now().Sub(time.Now()); d < 23*time.Hour || d > 25*time.Hour {
		t.Errorf("the clock is %v from the wall clock, want 24h", d)
	}
	if !strings.Contains(logs.String(), "level=WARN") || !strings.Contains(logs.String(), "for tests only") {
		t.Errorf("no warning that the clock is shifted:\n%s", logs.String())
	}
}
