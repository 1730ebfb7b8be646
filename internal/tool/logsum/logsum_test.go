package logsum_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"immo/internal/tool/logsum"
)

// clock is a fake time the test moves by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newLogger() (*slog.Logger, *logsum.Handler, *bytes.Buffer, *clock) {
	var buf bytes.Buffer
	clk := &clock{t: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)}
	text := slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug, ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}})
	h := logsum.New(text, time.Minute, clk.now)
	return slog.New(h), h, &buf, clk
}

func lines(buf *bytes.Buffer) []string {
	s := strings.TrimSpace(buf.String())
	buf.Reset()
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func TestSummarises(t *testing.T) {
	log, h, buf, clk := newLogger()
	ctx := context.Background()

	// A flood: the first of each message is written, the others counted.
	for i := range 1000 {
		log.Warn("server render failed; serving the shell", "url", "/nl/", "n", i)
		log.Warn("picture: cannot read a variant", "name", "house.jpg")
		log.Info("reloaded", "what", "catalog") // below Warn: never summarised
	}
	got := lines(buf)
	if len(got) != 1002 {
		t.Fatalf("%d lines, want 2 warnings and 1000 infos", len(got))
	}
	if !strings.Contains(got[0], `msg="server render failed; serving the shell" url=/nl/ n=0`) ||
		!strings.Contains(got[1], `msg="picture: cannot read a variant"`) {
		t.Errorf("the first records are not written in full:\n%s\n%s", got[0], got[1])
	}

	// Within the interval a flush writes nothing.
	clk.add(59 * time.Second)
	h.Flush(ctx)
	if got := lines(buf); len(got) != 0 {
		t.Errorf("flush within the interval wrote %q", got)
	}

	// Once it is over: one count per message.
	clk.add(time.Second)
	h.Flush(ctx)
	got = lines(buf)
	want := []string{
		`level=WARN msg="picture: cannot read a variant" name=house.jpg repeated=999 within=1m0s`,
		`level=WARN msg="server render failed; serving the shell" url=/nl/ n=999 repeated=999 within=1m0s`,
	}
	slicesSort(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("summaries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// The next occurrence starts a new interval: written in full at once.
	log.Warn("server render failed; serving the shell", "url", "/fr/")
	if got := lines(buf); len(got) != 1 || !strings.Contains(got[0], "url=/fr/") || strings.Contains(got[0], "repeated") {
		t.Errorf("after the interval: %q", got)
	}

	// Without a flush, the count comes with the next record after the interval.
	log.Warn("server render failed; serving the shell", "url", "/de/")
	log.Warn("server render failed; serving the shell", "url", "/en/")
	clk.add(2 * time.Minute)
	log.Warn("server render failed; serving the shell", "url", "/nl/")
	got = lines(buf)
	if len(got) != 2 || !strings.Contains(got[0], "url=/en/ repeated=2 within=2m0s") || !strings.Contains(got[1], "url=/nl/") {
		t.Errorf("lazy summary: %q", got)
	}

	// A message written once and quiet since leaves no summary.
	clk.add(2 * time.Minute)
	h.Flush(ctx)
	if got := lines(buf); len(got) != 0 {
		t.Errorf("a quiet message was summarised: %q", got)
	}

	// Drain reports what is pending, interval over or not.
	log.Error("panic", "path", "/x")
	log.Error("panic", "path", "/y")
	log.Warn("panic", "path", "/z") // another level: another message
	h.Drain(ctx)
	got = lines(buf)
	if len(got) != 3 || !strings.Contains(got[2], "level=ERROR msg=panic path=/y repeated=1") {
		t.Errorf("drain: %q", got)
	}
}

// TestSharedAcrossDerivedLoggers: loggers made With attributes count
// together, so a component's logger cannot flood either.
func TestSharedAcrossDerivedLoggers(t *testing.T) {
	log, h, buf, clk := newLogger()
	a, b := log.With("component", "ssr"), log.WithGroup("pictures")
	for range 10 {
		a.Warn("database down")
		b.Warn("database down")
	}
	if got := lines(buf); len(got) != 1 {
		t.Errorf("%d lines, want 1: %q", len(got), got)
	}
	clk.add(time.Minute)
	h.Flush(context.Background())
	if got := lines(buf); len(got) != 1 || !strings.Contains(got[0], "repeated=19") {
		t.Errorf("summary %q", got)
	}
}

func slicesSort(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
