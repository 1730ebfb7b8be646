package pictures

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"
)

// Feeder keeps the worker fed: it enqueues the site's pictures and those of
// the catalog version being served at start, and again whenever another
// version is served (an import through any server). The worker skips what
// is stored, so feeding a picture twice costs one query.
type Feeder struct {
	// Enqueue queues pictures in order (Worker.Enqueue).
	Enqueue func(sources ...string)
	// Site are the pictures that do not change while serving (the site
	// configuration's), fed first: the home banner is what visitors meet
	// first.
	Site []string
	// Catalog gives the catalog version being served and a list of its
	// pictures in the order visitors meet them, which the feeder calls once
	// per version. It reads the in-memory catalog: no database query.
	Catalog func() (version int64, pictures func() []string)
	// Interval is how often the feeder looks for another version.
	Interval time.Duration
}

// Run feeds until ctx ends.
func (f *Feeder) Run(ctx context.Context) {
	t := time.NewTicker(f.Interval)
	defer t.Stop()
	fed := int64(-1)
	for {
		if v, list := f.Catalog(); v != fed {
			f.Enqueue(append(slices.Clone(f.Site), list()...)...)
			fed = v
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// URLsIn finds every string of v, walked as JSON, that starts with prefix
// (one of our pictures: a pop-up's media, a module's image, the Open Graph
// image…), wherever v keeps it, sorted.
func URLsIn(v any, prefix string) []string {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		return nil
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if strings.HasPrefix(v, prefix) {
				out = append(out, v)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(tree)
	slices.Sort(out) // maps walk in random order
	return out
}
