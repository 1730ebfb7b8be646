// Package metrics is what an operator watches, as Prometheus metrics
// (prometheus/client_golang): the requests by page kind and status with
// their latency, the renders (slots, queue, wait, time, shells served), the
// HTML cache's hits, the mail queue (depth, oldest, failures), the feeds'
// runs and those failing, the logins refused, and Go's own. cmd/immo serves them on the
// loopback operations address beside the profiles (IMMO_DEBUG_ADDR), never
// on the site's. docs/ARCHITECTURE.md lists them with the alerts worth
// setting.
//
// The parts that hear events take plain functions or small interfaces
// (server.Observe, respond.Observer, web.LoginBrakes.Refused), which
// internal/app connects to these methods; what is
// read from a store (the mail queue, the feeds) is read when scraped, within
// a bound, so a scrape costs nothing between scrapes.
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics holds the registry and the instruments fed by events.
type Metrics struct {
	reg           *prometheus.Registry
	requests      *prometheus.CounterVec
	latency       *prometheus.HistogramVec
	documents     *prometheus.CounterVec
	renderWait    prometheus.Histogram
	renderTime    prometheus.Histogram
	renderFailed  prometheus.Counter
	loginsRefused *prometheus.CounterVec
	feedRuns      *prometheus.CounterVec
	byAgency      *prometheus.CounterVec
	siteBuilds    prometheus.Histogram
}

// New returns the metrics with Go's runtime and the process's own.
func New() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "immo_http_requests_total",
			Help: "Requests answered, by kind (a page's view, or asset, picture, api, health, inbox, other) and status."}, []string{"kind", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "immo_http_request_duration_seconds",
			Help:    "Time to answer a request, by kind.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}}, []string{"kind"}),
		documents: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "immo_page_documents_total",
			Help: "Page documents served to visitors, by source: cache, stored, rendered, last_render, shell (the client-rendered shell: no render slot in time, or the render failed)."}, []string{"source"}),
		renderWait: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "immo_render_wait_seconds",
			Help: "Time a server render waited for a render slot.", Buckets: []float64{.001, .005, .025, .1, .25, .5, 1, 1.5, 2}}),
		renderTime: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "immo_render_duration_seconds",
			Help: "Time a server render took (React in QuickJS).", Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2}}),
		renderFailed: prometheus.NewCounter(prometheus.CounterOpts{Name: "immo_render_failures_total",
			Help: "Server renders that failed (an error, the render's deadline)."}),
		loginsRefused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "immo_logins_refused_total",
			Help: "Logins refused, by role (owner, registrant, staff) and why (failed: a wrong address or password; locked: over a brake; unconfirmed; code: a staff member's wrong second-factor code)."}, []string{"role", "why"}),
		feedRuns: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "immo_feed_runs_total",
			Help: "CRM feed runs recorded by this process, by trigger (schedule, push, staff, command) and status (applied, unchanged, held, failed)."}, []string{"trigger", "status"}),
		byAgency: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "immo_agency_requests_total",
			Help: "Requests answered by an agency's site, by agency (its number) and status class (2xx, 3xx, 4xx, 5xx)."}, []string{"agency", "class"}),
		siteBuilds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "immo_site_build_seconds",
			Help:    "Time to build an agency's site on its first request or job (its catalog index, configuration, caches); the count is how many were built — often: IMMO_SITES_LOADED is short.",
			Buckets: []float64{.025, .05, .1, .25, .5, 1, 2.5, 5, 10}}),
	}
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.latency, m.documents, m.renderWait, m.renderTime, m.renderFailed, m.loginsRefused, m.feedRuns, m.byAgency, m.siteBuilds)
	return m
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Timeout: 10 * time.Second})
}

// Request counts a request answered (server.Observe).
func (m *Metrics) Request(kind string, status int, took time.Duration) {
	m.requests.WithLabelValues(kind, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(kind).Observe(took.Seconds())
}

// AgencyRequest counts a request an agency's site answered: by agency and
// status class only, so the series grow with the agencies, not with them
// times the page kinds.
func (m *Metrics) AgencyRequest(agency int64, status int) {
	m.byAgency.WithLabelValues(strconv.FormatInt(agency, 10), strconv.Itoa(status/100)+"xx").Inc()
}

// SiteBuilt times an agency's site built (a platform's).
func (m *Metrics) SiteBuilt(took time.Duration) { m.siteBuilds.Observe(took.Seconds()) }

// Document counts a page document served to a visitor, by its source
// (respond.Source: cache, stored, rendered, last_render, shell).
func (m *Metrics) Document(source string) { m.documents.WithLabelValues(source).Inc() }

// Render times a server render: its wait for a slot and its own time; ok
// false: it failed.
func (m *Metrics) Render(wait, took time.Duration, ok bool) {
	m.renderWait.Observe(wait.Seconds())
	m.renderTime.Observe(took.Seconds())
	if !ok {
		m.renderFailed.Inc()
	}
}

// LoginRefused counts a login refused (web.LoginBrakes.Refused).
func (m *Metrics) LoginRefused(role, why string) {
	m.loginsRefused.WithLabelValues(role, why).Inc()
}

// FeedRun counts a feed's run recorded (feedsync.Runner.Ran).
func (m *Metrics) FeedRun(trigger, status string) { m.feedRuns.WithLabelValues(trigger, status).Inc() }

// Gauge registers a value read when scraped (a render slot count, say).
func (m *Metrics) Gauge(name, help string, value func() float64) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, value))
}

// Read registers values read from a store when scraped, each scrape within
// readTimeout: read returns them by name (each registered in descs); an
// error leaves them out of that scrape and counts in immo_metrics_read_errors_total.
func (m *Metrics) Read(descs []Desc, read func(ctx context.Context) (map[string]float64, error)) {
	m.reg.MustRegister(newStoreCollector(descs, read))
}
