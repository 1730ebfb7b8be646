package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/altcha"
)

// BenchmarkAcceptRequest measures what a visitor waits for when sending a
// form: the POST of the site contact form with a solved challenge, through
// the site's handler (decode, validate, spend the challenge, count the rate
// limits, store the request, queue its two mails, answer 303), while the
// queue delivers to a local SMTP server. It reports p50 and p99.
//
//	go test ./cmd/immo -run '^$' -bench AcceptRequest -benchtime 500x
func BenchmarkAcceptRequest(b *testing.B) {
	for _, db := range databases {
		b.Run(db.Name, func(b *testing.B) {
			s := newFormSite(b, db.URL(b))
			durations := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				body := contactPost(map[string][]string{altcha.FieldName: {s.Solve(b)}}).Encode()
				req := httptest.NewRequest(http.MethodPost, "/en/contact/", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				// One sender per request: the benchmark measures the work, not the limits.
				req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:1234", i>>16&255, i>>8&255, i&255)
				rec := httptest.NewRecorder()
				b.StartTimer()
				start := time.Now()
				s.Handler.ServeHTTP(rec, req)
				durations = append(durations, time.Since(start))
				if rec.Code != http.StatusSeeOther {
					b.Fatalf("status %d: %s", rec.Code, rec.Body)
				}
			}
			b.StopTimer()
			slices.Sort(durations)
			at := func(q float64) float64 { return float64(durations[int(q*float64(len(durations)-1))].Microseconds()) }
			b.ReportMetric(at(0.5), "p50-µs")
			b.ReportMetric(at(0.99), "p99-µs")
		})
	}
}
