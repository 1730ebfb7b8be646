package app

import (
	"context"
	"errors"
	"sync"

	"immo/internal/domain/agency"
	"immo/internal/domain/media"
)

// siteConfigs are the configurations whose pictures stay in the library
// (media.Configs): the latest published version — another server's
// publication included — and every draft, scheduled ones too.
type siteConfigs struct {
	agencies *agency.Service
	store    agency.Store
}

func (c siteConfigs) SiteConfigs(ctx context.Context) ([]media.Config, error) {
	var out []media.Config
	id, err := c.store.LatestSiteVersionID(ctx)
	if err != nil {
		return nil, err
	}
	if id != 0 {
		v, err := c.store.SiteVersion(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, media.Config{Data: v.Config})
	}
	drafts, err := c.agencies.Drafts(ctx)
	if err != nil {
		return nil, err
	}
	for _, d := range drafts {
		d, err := c.agencies.OpenDraft(ctx, d.ID)
		if errors.Is(err, agency.ErrNoDraft) {
			continue // published or discarded meanwhile
		}
		if err != nil {
			return nil, err
		}
		out = append(out, media.Config{Draft: d.ID, Data: d.Config})
	}
	return out, nil
}

// pictureQueue hands the library's new pictures to the picture worker,
// which Run starts after the handler is built: until then, and in the
// tests that run no worker, they wait in pending (Run feeds them).
type pictureQueue struct {
	mu      sync.Mutex
	enqueue func(sources ...string)
	pending []string
}

// add queues url for its variants.
func (q *pictureQueue) add(url string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.enqueue == nil {
		if len(q.pending) < media.MaxItems {
			q.pending = append(q.pending, url)
		}
		return
	}
	q.enqueue(url)
}

// start sends what is added from now on to enqueue, and what waited.
func (q *pictureQueue) start(enqueue func(sources ...string)) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.enqueue = enqueue
	enqueue(q.pending...)
	q.pending = nil
}
