package web

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"immo/internal/tool/logsum"
)

// TestFailedRendersDoNotFlood: every failed render warns, but through the
// server's summarising log a burst is one line and then one count.
func TestFailedRendersDoNotFlood(t *testing.T) {
	var log bytes.Buffer
	now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	sum := logsum.New(slog.NewTextHandler(&log, nil), time.Minute, func() time.Time { return now })
	h, _, _ := newTestHandler(t, &fakeRenderer{fail: true}, func(o *Options) { o.Log = slog.New(sum) })
	for i := range 200 {
		if rec := do(h, "GET", fmt.Sprintf("/fr/?visit=%d", i), nil); rec.Code != 200 {
			t.Fatalf("render failure: %d", rec.Code)
		}
	}
	now = now.Add(time.Minute)
	sum.Flush(t.Context())
	got := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(got) != 2 || !strings.Contains(got[0], "server render failed") || !strings.Contains(got[1], "repeated=199") {
		t.Errorf("200 failed renders logged as %d lines, want the first and a count:\n%.2000s", len(got), log.String())
	}
}
