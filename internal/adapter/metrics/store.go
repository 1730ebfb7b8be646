package metrics

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// readTimeout bounds a scrape's reads from the store: a slow database makes
// a scrape miss those values, never hang.
const readTimeout = 2 * time.Second

// Desc is a value read from a store when scraped.
type Desc struct {
	Name, Help string
	Counter    bool // a count since ever (else a gauge)
}

type storeCollector struct {
	descs  map[string]*prometheus.Desc
	kinds  map[string]prometheus.ValueType
	read   func(ctx context.Context) (map[string]float64, error)
	errors prometheus.Counter
}

func newStoreCollector(descs []Desc, read func(ctx context.Context) (map[string]float64, error)) *storeCollector {
	c := &storeCollector{descs: map[string]*prometheus.Desc{}, kinds: map[string]prometheus.ValueType{}, read: read,
		errors: prometheus.NewCounter(prometheus.CounterOpts{Name: "immo_metrics_read_errors_total",
			Help: "Scrapes whose reads from the database failed or took too long (their values left out)."})}
	for _, d := range descs {
		c.descs[d.Name] = prometheus.NewDesc(d.Name, d.Help, nil, nil)
		c.kinds[d.Name] = prometheus.GaugeValue
		if d.Counter {
			c.kinds[d.Name] = prometheus.CounterValue
		}
	}
	return c
}

func (c *storeCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.descs {
		ch <- d
	}
	c.errors.Describe(ch)
}

func (c *storeCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
	defer cancel()
	values, err := c.read(ctx)
	if err != nil {
		c.errors.Inc()
	}
	for name, v := range values {
		if d, ok := c.descs[name]; ok {
			ch <- prometheus.MustNewConstMetric(d, c.kinds[name], v)
		}
	}
	c.errors.Collect(ch)
}
