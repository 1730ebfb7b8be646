package app

import (
	"context"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/metrics"
	"immo/internal/domain/account"
	"immo/internal/domain/feed"
	"immo/internal/http/server"
	"immo/internal/http/web"
	"immo/internal/http/web/respond"
)

// observers are the site's parts' hooks into the operator's metrics (all
// nil without them) and its count of server errors (requests).
type observers struct {
	m        *metrics.Metrics
	requests server.Observe
	pages    respond.Observer
	refused  func(account.Role, web.Refusal)
	feedRan  func(feed.Run)
}

func newObservers(m *metrics.Metrics, agency int64, serverError func()) observers {
	var errors server.Observe
	if serverError != nil {
		errors = func(_ string, status int, _ time.Duration) {
			if status >= 500 {
				serverError()
			}
		}
	}
	if m == nil {
		return observers{requests: errors}
	}
	requests := func(kind string, status int, took time.Duration) {
		m.Request(kind, status, took)
		m.AgencyRequest(agency, status)
		if errors != nil {
			errors(kind, status, took)
		}
	}
	return observers{m: m, requests: requests, pages: pageObserver{m},
		refused: func(role account.Role, why web.Refusal) { m.LoginRefused(string(role), string(why)) },
		feedRan: func(run feed.Run) { m.FeedRun(string(run.Trigger), string(run.Status)) }}
}

// watch registers what is read when scraped: the render slots and the
// HTML cache of the pages' responder, the mail queue, the feeds.
func (o observers) watch(renders func() respond.RenderStats, cached func() (fresh, stale int), queue *mailqueue.Queue,
	feeds func(ctx context.Context) ([]feed.Feed, error)) {
	if o.m == nil {
		return
	}
	o.m.Gauge("immo_render_slots", "Server renders that may run at once.", func() float64 { return float64(renders().Slots) })
	o.m.Gauge("immo_render_slots_busy", "Render slots taken now.", func() float64 { return float64(renders().Busy) })
	o.m.Gauge("immo_render_queue_length", "Renders waiting for a slot now.", func() float64 { return float64(renders().Waiting) })
	o.m.Gauge("immo_html_cache_pages", "Pages the HTML cache holds of the current catalog and configuration.", func() float64 {
		fresh, _ := cached()
		return float64(fresh)
	})
	o.m.Read([]metrics.Desc{
		{Name: "immo_mail_queue_depth", Help: "Mails waiting to be sent (queued, retrying, being sent)."},
		{Name: "immo_mail_queue_oldest_seconds", Help: "Age of the oldest mail waiting; 0: none waits."},
		{Name: "immo_mail_failed", Help: "Mails given up (every attempt failed, or refused for good), as long as the queue keeps them."},
		{Name: "immo_feeds", Help: "The CRM feeds set up."},
		{Name: "immo_feeds_failing", Help: "Feeds, not paused, whose last run failed."},
	}, func(ctx context.Context) (map[string]float64, error) {
		v := map[string]float64{}
		s, err := queue.Stats(ctx)
		if err != nil {
			return v, err
		}
		v["immo_mail_queue_depth"], v["immo_mail_failed"] = float64(s.Waiting), float64(s.Failed)
		v["immo_mail_queue_oldest_seconds"] = 0
		if !s.Oldest.IsZero() {
			v["immo_mail_queue_oldest_seconds"] = time.Since(s.Oldest).Seconds()
		}
		all, err := feeds(ctx)
		if err != nil {
			return v, err
		}
		failing := 0
		for _, f := range all {
			if !f.Paused && f.Failures > 0 {
				failing++
			}
		}
		v["immo_feeds"], v["immo_feeds_failing"] = float64(len(all)), float64(failing)
		return v, nil
	})
}

// pageObserver is the pages' responder's observer on the metrics.
type pageObserver struct{ m *metrics.Metrics }

func (p pageObserver) Served(source respond.Source)               { p.m.Document(string(source)) }
func (p pageObserver) Rendered(wait, took time.Duration, ok bool) { p.m.Render(wait, took, ok) }
