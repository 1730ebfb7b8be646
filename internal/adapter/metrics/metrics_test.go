package metrics_test

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/metrics"
)

// scrape is the metrics' text as Prometheus reads it.
func scrape(t *testing.T, m *metrics.Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 200 {
		t.Fatalf("scrape: %d", rec.Code)
	}
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

func TestEvents(t *testing.T) {
	m := metrics.New()
	m.Request("Home", 200, 3*time.Millisecond)
	m.Request("Home", 200, 40*time.Millisecond)
	m.Request("asset", 404, time.Millisecond)
	m.LoginRefused("staff", "locked")
	m.FeedRun("schedule", "failed")
	m.Document("cache")
	m.Document("shell")
	m.Render(2*time.Millisecond, 30*time.Millisecond, true)
	m.Render(0, 2*time.Second, false)
	out := scrape(t, m)
	for _, want := range []string{
		`immo_http_requests_total{kind="Home",status="200"} 2`,
		`immo_http_requests_total{kind="asset",status="404"} 1`,
		`immo_http_request_duration_seconds_bucket{kind="Home",le="0.005"} 1`,
		`immo_http_request_duration_seconds_count{kind="Home"} 2`,
		`immo_logins_refused_total{role="staff",why="locked"} 1`,
		`immo_feed_runs_total{status="failed",trigger="schedule"} 1`,
		`immo_page_documents_total{source="cache"} 1`,
		`immo_page_documents_total{source="shell"} 1`,
		`immo_render_duration_seconds_count 2`,
		`immo_render_failures_total 1`,
		`go_goroutines `, // Go's own
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// Values read from the store when scraped: a failed read leaves them out
// of that scrape and is counted; the next read gives them again.
func TestReadWhenScraped(t *testing.T) {
	m := metrics.New()
	fail := true
	reads := 0
	m.Read([]metrics.Desc{{Name: "immo_mail_queue_depth", Help: "h"}, {Name: "immo_x_total", Help: "h", Counter: true}},
		func(ctx context.Context) (map[string]float64, error) {
			reads++
			if _, ok := ctx.Deadline(); !ok {
				t.Error("a read without a deadline")
			}
			if fail {
				return nil, errors.New("database gone")
			}
			return map[string]float64{"immo_mail_queue_depth": 3, "immo_x_total": 7, "immo_unknown": 1}, nil
		})
	out := scrape(t, m)
	if strings.Contains(out, "immo_mail_queue_depth ") || !strings.Contains(out, "immo_metrics_read_errors_total 1") {
		t.Errorf("failed read:\n%s", out)
	}
	fail = false
	out = scrape(t, m)
	for _, want := range []string{"immo_mail_queue_depth 3", "# TYPE immo_mail_queue_depth gauge", "immo_x_total 7", "# TYPE immo_x_total counter", "immo_metrics_read_errors_total 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "immo_unknown") || reads != 2 {
		t.Errorf("an undeclared value, or %d reads", reads)
	}
}

func TestGauges(t *testing.T) {
	m := metrics.New()
	slots := 2
	m.Gauge("immo_render_slots", "h", func() float64 { return float64(slots) })
	slots = 4
	out := scrape(t, m)
	if !strings.Contains(out, "immo_render_slots 4") {
		t.Errorf("read when scraped:\n%s", out)
	}
}
