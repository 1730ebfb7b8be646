package server

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"immo/internal/domain/platform"
)

type fixedHosts struct {
	answer platform.Answer
	err    error
}

func (f fixedHosts) Resolve(context.Context, string) (platform.Answer, error) { return f.answer, f.err }

// The edge serves a known host's request with its agency in the context,
// and nothing else reaches the site: an unknown host is a 404, a store
// that cannot say is a 503; the health checks pass whatever the host.
func TestByHost(t *testing.T) {
	arlon := &platform.Agency{ID: 1, Hosts: []string{"www.immo-arlon.be"}}
	var seen *platform.Agency
	reached := 0
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached++
		seen = platform.FromContext(r.Context())
	})
	for _, c := range []struct {
		name   string
		hosts  fixedHosts
		site   int64 // the agency the site is (0: any)
		path   string
		code   int
		reach  bool
		agency *platform.Agency
	}{
		{"known", fixedHosts{answer: platform.Answer{Agency: arlon}}, 0, "/fr/", http.StatusOK, true, arlon},
		{"its own", fixedHosts{answer: platform.Answer{Agency: arlon}}, 1, "/fr/", http.StatusOK, true, arlon},
		{"another agency's", fixedHosts{answer: platform.Answer{Agency: arlon}}, 2, "/fr/", http.StatusNotFound, false, nil},
		{"unknown", fixedHosts{}, 0, "/fr/", http.StatusNotFound, false, nil},
		{"store down", fixedHosts{err: errors.New("down")}, 0, "/fr/", http.StatusServiceUnavailable, false, nil},
		{"health, unknown host", fixedHosts{}, 0, "/healthz", http.StatusOK, true, nil},
		{"ready, store down", fixedHosts{err: errors.New("down")}, 0, "/readyz", http.StatusOK, true, nil},
		{"another agency's redirect", fixedHosts{answer: platform.Answer{Agency: arlon, Redirect: "www.immo-arlon.be"}}, 2, "/fr/", http.StatusMovedPermanently, false, nil},
		{"redirect", fixedHosts{answer: platform.Answer{Agency: arlon, Redirect: "www.immo-arlon.be"}}, 0, "/fr/", http.StatusMovedPermanently, false, nil},
	} {
		reached, seen = 0, nil
		rec := httptest.NewRecorder()
		byHost(c.hosts, c.site, "https", site).ServeHTTP(rec, httptest.NewRequest("GET", "http://immo-arlon.be"+c.path, nil))
		if rec.Code != c.code || (reached == 1) != c.reach || seen != c.agency {
			t.Errorf("%s: %d, reached %d, agency %v; want %d, reached %v, %v", c.name, rec.Code, reached, seen, c.code, c.reach, c.agency)
		}
	}
}
