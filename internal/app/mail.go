package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtpsend"
	"immo/internal/adapter/storage"
	"immo/internal/domain/mail"
	"immo/internal/domain/site"
)

// newMail builds the mail queue on the store's database, sending as the
// agency when smtpURL is set; without it mails wait in the queue, which
// the log says once.
func newMail(store storage.Store, agency site.Agency, smtpURL string, log *slog.Logger) (*mailqueue.Queue, error) {
	return newMailJobs(store, agency, smtpURL, log, nil)
}

// newMailJobs is newMail whose River client also works jobs (the site's
// alerts and reports: siteJobs).
func newMailJobs(store storage.Store, agency site.Agency, smtpURL string, log *slog.Logger, jobs mailqueue.Jobs) (*mailqueue.Queue, error) {
	db, dialect := store.QueueDB()
	cfg := mailqueue.Config{Logger: log.With("component", "mail"), Jobs: jobs}
	if smtpURL != "" {
		sender, err := smtpsend.New(smtpsend.Config{URL: smtpURL, From: mail.Address{Name: agency.Name, Email: agency.Email}})
		if err != nil {
			return nil, fmt.Errorf("IMMO_SMTP_URL: %w", err)
		}
		cfg.Sender = sender
	}
	q, err := mailqueue.New(db, dialect, cfg)
	if err != nil {
		return nil, err
	}
	if !q.Sending() {
		log.Warn("mail: IMMO_SMTP_URL is not set: mails wait in the queue (immo mail lists them)")
	}
	return q.For(store.Agency()), nil // its mails and jobs the store's agency's
}

// startMail starts q sending, when it has a sender, and working its other
// jobs; stop lets the mails being sent finish.
func startMail(ctx context.Context, q *mailqueue.Queue, agency site.Agency, smtpURL string, log *slog.Logger) (stop func(), err error) {
	if !q.Working() {
		return func() {}, nil
	}
	if err := q.Start(ctx); err != nil {
		return nil, err
	}
	if q.Sending() {
		log.Info("mail: sending", "smtp", redactedURL(smtpURL), "from", agency.Email)
		if held, since, err := q.Held(ctx); err != nil {
			log.Warn("mail: reading whether the queue is held", "err", err)
		} else if held {
			log.Warn("mail: the queue is held (immo restore): nothing is sent until immo mail --release",
				"since", since.UTC().Format(time.RFC3339))
		}
	}
	return func() {
		stop, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := q.Stop(stop); err != nil {
			log.Warn("mail: stop", "err", err)
		}
	}, nil
}

// redactedURL is the SMTP URL without its password, for the log.
func redactedURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable)"
	}
	return u.Redacted()
}
