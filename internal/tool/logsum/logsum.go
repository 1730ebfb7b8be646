// Package logsum keeps repeated warnings from flooding the log: the first
// record of a message is written, the ones that follow within an interval
// are counted, and the count is written once the interval is over, with
// the attributes of the last one. Under
// load a failing render or a database outage says so once a minute with a
// count instead of thousands of times.
package logsum

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// maxMessages bounds the messages tracked at once; beyond it records pass
// through unsummarised rather than grow the map (messages are constants in
// our code, so it is never reached in practice).
const maxMessages = 1000

// Handler is a slog.Handler that summarises records at Warn and above by
// level and message; records below Warn pass through. It is safe for
// concurrent use; handlers derived with WithAttrs or WithGroup share the
// counts.
type Handler struct {
	next slog.Handler
	s    *state
}

type state struct {
	mu    sync.Mutex
	every time.Duration
	now   func() time.Time
	seen  map[key]*window
}

type key struct {
	level slog.Level
	msg   string
}

// window is the interval that started with a written record of a message.
type window struct {
	start      time.Time
	suppressed int
	last       slog.Record  // the last record left out: its attributes go with the count
	next       slog.Handler // the handler it came through, with its attrs
}

// New returns a Handler writing to next, summarising per interval every;
// now is the clock (time.Now; tests pass a fake one).
func New(next slog.Handler, every time.Duration, now func() time.Time) *Handler {
	return &Handler{next: next, s: &state{every: every, now: now, seen: map[key]*window{}}}
}

// Enabled implements slog.Handler.
func (h *Handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

// WithAttrs implements slog.Handler.
func (h *Handler) WithAttrs(as []slog.Attr) slog.Handler {
	return &Handler{next: h.next.WithAttrs(as), s: h.s}
}

// WithGroup implements slog.Handler.
func (h *Handler) WithGroup(name string) slog.Handler {
	return &Handler{next: h.next.WithGroup(name), s: h.s}
}

// Handle implements slog.Handler: a record is written when it is the first
// of its message in the current interval, else counted.
func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	if r.Level < slog.LevelWarn {
		return h.next.Handle(ctx, r)
	}
	k := key{r.Level, r.Message}
	now := h.s.now()
	h.s.mu.Lock()
	w, ok := h.s.seen[k]
	if ok && now.Sub(w.start) < h.s.every {
		w.suppressed++
		w.last, w.next = r.Clone(), h.next
		h.s.mu.Unlock()
		return nil
	}
	if !ok && len(h.s.seen) >= maxMessages {
		h.s.mu.Unlock()
		return h.next.Handle(ctx, r)
	}
	h.s.seen[k] = &window{start: now}
	h.s.mu.Unlock()
	if ok && w.suppressed > 0 {
		h.s.summary(ctx, k, w, now)
	}
	return h.next.Handle(ctx, r)
}

// Flush writes the count of every interval that is over, and forgets the
// messages that were quiet. Run calls it once per interval, so a flood
// that stops is still reported.
func (h *Handler) Flush(ctx context.Context) { h.flush(ctx, false) }

// Drain writes every pending count, over or not: at shutdown.
func (h *Handler) Drain(ctx context.Context) { h.flush(ctx, true) }

func (h *Handler) flush(ctx context.Context, all bool) {
	now := h.s.now()
	type due struct {
		k key
		w *window
	}
	var out []due
	h.s.mu.Lock()
	for k, w := range h.s.seen {
		if all || now.Sub(w.start) >= h.s.every {
			delete(h.s.seen, k)
			if w.suppressed > 0 {
				out = append(out, due{k, w})
			}
		}
	}
	h.s.mu.Unlock()
	for _, d := range out {
		h.s.summary(ctx, d.k, d.w, now)
	}
}

// Run flushes once per interval until ctx ends, then drains.
func (h *Handler) Run(ctx context.Context) {
	t := time.NewTicker(h.s.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			h.Drain(context.Background())
			return
		case <-t.C:
			h.Flush(ctx)
		}
	}
}

// summary writes how often a message was left out since its window began,
// with the attributes of the last one left out.
func (s *state) summary(ctx context.Context, k key, w *window, now time.Time) {
	r := slog.NewRecord(now, k.level, k.msg, 0)
	w.last.Attrs(func(a slog.Attr) bool { r.AddAttrs(a); return true })
	r.AddAttrs(slog.Int("repeated", w.suppressed), slog.Duration("within", now.Sub(w.start).Round(time.Second)))
	_ = w.next.Handle(ctx, r)
}
