package server

import (
	"context"
	"net/http"

	"immo/internal/domain/platform"
)

// Hosts answers which agency a request's host name is (platform.Resolver).
type Hosts interface {
	Resolve(ctx context.Context, host string) (platform.Answer, error)
}

// unknownHost is the whole answer to a host no agency answers on: no
// agency's name, page or link, in the four languages.
const unknownHost = `This address is not a site served here.
Dit adres is geen site die hier wordt aangeboden.
Cette adresse n'est pas un site servi ici.
Diese Adresse ist keine hier betriebene Website.
`

// byHost serves a request on the agency its host names (put in its
// context, platform.FromContext): a host no agency answers on (or a
// disabled one's) is a plain 404; a host of an agency that is not its
// preferred one is a permanent redirect there, the path and query kept
// (308 for a form's POST, so that it is not turned into a GET). The health
// checks answer on any host: a load balancer asks by address. scheme is the
// public one (https behind the TLS proxy). A host of an agency other than
// site (0: any) is refused as an unknown one: a site never serves another
// agency's host, whatever routed the request to it (a redirect to the
// agency's preferred host serves nothing, and is sent from any site).
func byHost(hosts Hosts, site int64, scheme string, next http.Handler) http.Handler {
	if hosts == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/healthz" || r.URL.Path == "/readyz" {
			next.ServeHTTP(w, r)
			return
		}
		a, err := hosts.Resolve(r.Context(), r.Host)
		switch {
		case err != nil:
			http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
		case a.Agency == nil || a.Redirect == "" && site != 0 && a.Agency.ID != site:
			UnknownHost(w, r)
		case a.Redirect != "":
			ToPreferredHost(w, r, scheme, a.Redirect)
		default:
			next.ServeHTTP(w, r.WithContext(platform.NewContext(r.Context(), a.Agency)))
		}
	})
}

// UnknownHost answers a request on a host no agency answers on: a plain
// 404 naming no agency, in the four languages.
func UnknownHost(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusNotFound)
	if r.Method != http.MethodHead {
		_, _ = w.Write([]byte(unknownHost))
	}
}

// ToPreferredHost sends a request on another host of an agency to its
// preferred one (scheme the public one), path and query kept: 301, or 308
// for a form's POST so that it is not turned into a GET.
func ToPreferredHost(w http.ResponseWriter, r *http.Request, scheme, preferred string) {
	code := http.StatusMovedPermanently
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		code = http.StatusPermanentRedirect
	}
	// The agency's own preferred host: never one the request named.
	http.Redirect(w, r, scheme+"://"+preferred+r.URL.RequestURI(), code)
}
