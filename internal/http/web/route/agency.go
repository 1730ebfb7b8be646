package route

import (
	"sync/atomic"

	"immo/internal/domain/agency"
	"immo/internal/domain/notify"
)

// state is what a resolver remembers between requests, shared with the
// resolvers For makes of it; each cache says which configuration it holds.
type state struct {
	consent       consentCache
	shells        shellCache
	propertyPaths propertyPaths // PropertyAt's answers
	version       atomic.Pointer[versionName]
	// last is For's latest answer: every request of the published agency
	// gets the same resolver, not one made anew.
	last atomic.Pointer[Resolver]
}

func (r *Resolver) state() *state {
	if s := r.st.Load(); s != nil {
		return s
	}
	r.st.CompareAndSwap(nil, &state{})
	return r.st.Load()
}

// For is r resolving for a: a's site, its version in Version (the pages'
// generation), the same catalog, clock and caches. r itself when a is nil
// or is r's own configuration. A request's resolver is For of the agency
// its context carries (agency.FromContext).
func (r *Resolver) For(a *agency.Agency) *Resolver {
	if a == nil || a.Site == nil || a.Site == r.Site && a.Version == r.SiteVersion && a.Draft == r.Draft && a.Past == r.Past {
		return r
	}
	st := r.state()
	if last := st.last.Load(); last != nil && last.Site == a.Site && last.SiteVersion == a.Version && last.Draft == a.Draft && last.Past == a.Past {
		return last
	}
	f := &Resolver{Site: a.Site, SiteVersion: a.Version, Draft: a.Draft, Past: a.Past, Catalog: r.Catalog, Testimonials: r.Testimonials, Now: r.Now,
		BaseURL: r.BaseURL, Origin: r.Origin, Checked: r.Checked, MapTiles: r.MapTiles, MapAttribution: r.MapAttribution, ConditionErrors: r.ConditionErrors, Visits: r.Visits}
	if a.Site.Appointments != nil { // a version that stops taking visits offers none, one that starts does
		f.Agenda = r.Visits
		if f.Agenda == nil {
			f.Agenda = r.Agenda
		}
	}
	f.st.Store(st)
	st.last.Store(f)
	return f
}

// LinksFor is the resolver of a's site, for the links of the mails written
// as a (notify.Sites).
func (r *Resolver) LinksFor(a *agency.Agency) notify.Links { return r.For(a) }
