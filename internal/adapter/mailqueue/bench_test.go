package mailqueue_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtpsend"
	"immo/internal/adapter/smtptest"
	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/domain/mail"
)

// BenchmarkDelivery measures the queue sending to a local SMTP server: b.N
// mails are committed first, then the clock runs from Start until the last
// one arrived (mails/s). go test -bench Delivery -benchtime 2000x
func BenchmarkDelivery(b *testing.B) {
	for _, bb := range []struct {
		name   string
		target func(b *testing.B) (string, string)
	}{
		{"sqlite", func(b *testing.B) (string, string) { return b.TempDir(), "" }},
		{"postgres", func(b *testing.B) (string, string) { return "", pgtest.URL(b) }},
	} {
		b.Run(bb.name, func(b *testing.B) {
			dir, url := bb.target(b)
			store, err := storage.Open(context.Background(), dir, url)
			if err != nil {
				b.Fatal(err)
			}
			defer store.Close()
			srv := smtptest.Start(b)
			sender, err := smtpsend.New(smtpsend.Config{URL: srv.URL(), From: agency})
			if err != nil {
				b.Fatal(err)
			}
			db, dialect := store.QueueDB()
			q, err := mailqueue.New(db, dialect, mailqueue.Config{Sender: sender, PollInterval: 100 * time.Millisecond})
			if err != nil {
				b.Fatal(err)
			}
			for i := 0; i < b.N; i += 100 {
				msgs := make([]mail.Message, 0, 100)
				for j := i; j < min(i+100, b.N); j++ {
					msgs = append(msgs, message(fmt.Sprintf("Visite %d à Arlon", j)))
				}
				tx, err := db.Begin()
				if err != nil {
					b.Fatal(err)
				}
				if err := q.Enqueue(context.Background(), testTx{tx}, msgs...); err != nil {
					b.Fatal(err)
				}
				if err := tx.Commit(); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			start := time.Now()
			if err := q.Start(context.Background()); err != nil {
				b.Fatal(err)
			}
			srv.Wait(b, b.N, 5*time.Minute)
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "mails/s")
			b.StopTimer()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			q.Stop(ctx)
		})
	}
}
