package main

import (
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"
)

// clockFileEnv names a file whose duration shifts `immo serve`'s clock: a
// test aid (the browser tests see a scheduled publication happen without
// waiting for it), never for a real server.
const clockFileEnv = "IMMO_CLOCK_FILE"

// clockRecheck is how often the clock file is looked at again (its
// modification time and size; read only when they changed).
const clockRecheck = time.Second

// fileClock is the wall clock plus the duration written in a file (Go's
// syntax, "1h5m"; empty or missing: 0), read again when the file changes,
// looked at at most once per clockRecheck. A value that does not parse is
// logged and the last good offset kept.
type fileClock struct {
	path string
	log  *slog.Logger
	wall func() time.Time

	mu      sync.Mutex
	checked time.Time // wall time of the last look at the file
	seen    bool      // whether a look happened yet
	exists  bool      // the file at the last look
	mtime   time.Time // its modification time then
	size    int64     // and its size
	offset  time.Duration
}

// newFileClock is the clock of the file at path, read at once.
func newFileClock(path string, log *slog.Logger, wall func() time.Time) *fileClock {
	if wall == nil {
		wall = time.Now
	}
	c := &fileClock{path: path, log: log, wall: wall}
	c.Offset()
	return c
}

// Now is the wall clock plus the file's offset.
func (c *fileClock) Now() time.Time {
	now := c.wall()
	return now.Add(c.offsetAt(now))
}

// Offset is the file's offset now.
func (c *fileClock) Offset() time.Duration { return c.offsetAt(c.wall()) }

func (c *fileClock) offsetAt(now time.Time) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seen && now.Sub(c.checked) < clockRecheck && now.Sub(c.checked) >= 0 {
		return c.offset
	}
	c.seen, c.checked = true, now
	info, err := os.Stat(c.path)
	if err != nil {
		if c.exists || c.offset != 0 {
			c.log.Warn("test clock: file gone, the clock is the wall clock again", "file", c.path)
		}
		c.exists, c.offset = false, 0
		return 0
	}
	if c.exists && info.ModTime().Equal(c.mtime) && info.Size() == c.size {
		return c.offset
	}
	data, err := os.ReadFile(c.path)
	if err != nil {
		c.log.Warn("test clock: unreadable file, offset kept", "file", c.path, "offset", c.offset, "err", err)
		return c.offset
	}
	c.exists, c.mtime, c.size = true, info.ModTime(), info.Size()
	text := strings.TrimSpace(string(data))
	d := time.Duration(0)
	if text != "" {
		if d, err = time.ParseDuration(text); err != nil {
			c.log.Warn("test clock: not a duration, offset kept", "file", c.path, "text", text, "offset", c.offset, "err", err)
			return c.offset
		}
	}
	if d != c.offset {
		c.log.Info("test clock: offset changed", "file", c.path, "offset", d)
	}
	c.offset = d
	return d
}

// serveClock is serve's clock: nil (the wall clock, everywhere) unless
// IMMO_CLOCK_FILE names a file, then that file's clock, announced in the
// log as a test aid.
func serveClock(log *slog.Logger) func() time.Time {
	path := os.Getenv(clockFileEnv)
	if path == "" {
		return nil
	}
	c := newFileClock(path, log, nil)
	log.Warn("test clock: "+clockFileEnv+" is set, the server's clock is shifted by the duration in the file (for tests only)",
		"file", path, "offset", c.Offset())
	return c.Now
}
