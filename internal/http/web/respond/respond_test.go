package respond_test

import (
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"immo/internal/http/web/respond"
	"immo/internal/http/web/ssr"
	"immo/internal/http/web/views"
)

// A second entry of the app — the agency's inbox, say — answers its pages
// with a Responder of its own: its view registry and generated TypeScript,
// its renderer, its head. Nothing of the public site is involved.

// The inbox's views and their props.
var inboxViews = views.Registry{
	{Name: "InboxList", Source: "admin/features/inbox/InboxList"},
	{Name: "InboxLogin", Source: "admin/features/login/LoginPage"},
}

type inboxListProps struct {
	Unread int      `json:"unread"`
	Leads  []string `json:"leads"`
}

func (inboxListProps) View() string { return "InboxList" }

type inboxLoginProps struct {
	Errors map[string]string `json:"errors,omitempty"`
}

func (inboxLoginProps) View() string { return "InboxLogin" }

// renderer renders its entry's registry only, and counts its renders.
type renderer struct {
	views views.Registry
	calls atomic.Int32
	fail  bool
}

func (r *renderer) Render(_ context.Context, page []byte) (ssr.Result, error) {
	r.calls.Add(1)
	var p struct{ Component string }
	if err := json.Unmarshal(page, &p); err != nil {
		return ssr.Result{}, err
	}
	if _, ok := r.views.Lookup(p.Component); !ok || r.fail {
		return ssr.Result{}, errors.New("no such view")
	}
	return ssr.Result{Body: "<main>" + p.Component + "</main>"}, nil
}

func inbox(t *testing.T) (*respond.Responder, *renderer, http.Handler) {
	t.Helper()
	r := &renderer{views: inboxViews}
	rs := respond.New(respond.Options{
		Renderer: r,
		Version:  "inbox-1",
		Assets: func(view, lang string) template.HTML {
			return `<script type="module" src="/assets/admin.js"></script>`
		},
	})
	mux := http.NewServeMux()
	mux.Handle("GET /admin/{$}", rs.Protocol(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		rs.Render(w, req, respond.Page{View: "InboxList", Props: inboxListProps{Unread: 3, Leads: []string{"a"}}, Lang: "nl",
			Head: func() template.HTML { return "<title>Inbox</title>" }, Private: true})
	})))
	mux.Handle("GET /admin/login/{$}", rs.Protocol(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		rs.Render(w, req, respond.Page{View: "InboxLogin", Props: inboxLoginProps{}, Lang: "nl", Cacheable: true})
	})))
	mux.Handle("POST /admin/login/{$}", rs.Protocol(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.FormValue("ok") == "" {
			rs.Render(w, req, respond.Page{View: "InboxLogin", Status: http.StatusUnprocessableEntity,
				Props: inboxLoginProps{Errors: map[string]string{"form": "login.error"}}, NoStore: true})
			return
		}
		rs.Redirect(w, req, "/admin/", http.StatusSeeOther)
	})))
	return rs, r, mux
}

func do(h http.Handler, method, target string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	if method == http.MethodPost {
		req = httptest.NewRequest(method, target, strings.NewReader(header["body"]))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range header {
		if k != "body" {
			req.Header.Set(k, v)
		}
	}
	req = req.WithContext(respond.WithNonce(req.Context(), respond.NewNonce()))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestSecondEntryDocument(t *testing.T) {
	_, r, h := inbox(t)
	rec := do(h, "GET", "/admin/", nil)
	body := rec.Body.String()
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("status %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	for _, want := range []string{`<html lang="nl">`, "<title>Inbox</title>", "<main>InboxList</main>",
		`<script nonce="`, `src="/assets/admin.js"`, `&#34;component&#34;:&#34;InboxList&#34;`} {
		if !strings.Contains(body, want) && !strings.Contains(body, strings.ReplaceAll(want, "&#34;", `"`)) {
			t.Errorf("document lacks %q:\n%s", want, body)
		}
	}
	// A page that reads the viewer is kept by no cache, ours included.
	if got := rec.Header().Get("Cache-Control"); got != "private, no-store" {
		t.Errorf("Cache-Control %q", got)
	}
	do(h, "GET", "/admin/", nil)
	if n := r.calls.Load(); n != 2 {
		t.Errorf("a private page was rendered %d times for two visits: cached", n)
	}
}

func TestSecondEntryClientVisit(t *testing.T) {
	_, _, h := inbox(t)
	rec := do(h, "GET", "/admin/", map[string]string{"X-Inertia": "true", "X-Inertia-Version": "inbox-1"})
	var page struct {
		Component string
		Props     inboxListProps
		URL       string
		Version   string
	}
	if rec.Code != 200 || rec.Header().Get("X-Inertia") != "true" {
		t.Fatalf("status %d %v", rec.Code, rec.Header())
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil {
		t.Fatal(err)
	}
	if page.Component != "InboxList" || page.Props.Unread != 3 || page.URL != "/admin/" || page.Version != "inbox-1" {
		t.Errorf("page %+v", page)
	}
	// A client of another build loads the page anew.
	rec = do(h, "GET", "/admin/", map[string]string{"X-Inertia": "true", "X-Inertia-Version": "site-7"})
	if rec.Code != http.StatusConflict || rec.Header().Get("X-Inertia-Location") != "/admin/" {
		t.Errorf("old build: %d %v", rec.Code, rec.Header())
	}
}

func TestSecondEntryCacheAndPost(t *testing.T) {
	rs, r, h := inbox(t)
	do(h, "GET", "/admin/login/", nil)
	do(h, "GET", "/admin/login/", nil)
	if n := r.calls.Load(); n != 1 {
		t.Errorf("a cacheable page rendered %d times", n)
	}
	if fresh, _ := rs.CacheCounts(); fresh != 1 {
		t.Errorf("%d pages cached", fresh)
	}
	// Another query is another address: rendered, not stored.
	do(h, "GET", "/admin/login/?x=1", nil)
	if fresh, _ := rs.CacheCounts(); fresh != 1 {
		t.Errorf("a non-canonical address was cached: %d pages", fresh)
	}
	rec := do(h, "POST", "/admin/login/", map[string]string{"body": "ok="})
	if rec.Code != http.StatusUnprocessableEntity || rec.Header().Get("Cache-Control") != "no-store" ||
		!strings.Contains(rec.Body.String(), "login.error") {
		t.Errorf("refused post: %d %v", rec.Code, rec.Header())
	}
	rec = do(h, "POST", "/admin/login/", map[string]string{"body": "ok=1", "X-Inertia": "true", "X-Inertia-Version": "inbox-1"})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/" {
		t.Errorf("kept post: %d %v", rec.Code, rec.Header())
	}
}

func TestRedirectOutsideTheSite(t *testing.T) {
	rs := respond.New(respond.Options{Version: "1"})
	h := rs.Protocol(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rs.Redirect(w, r, "https://elsewhere.example/", http.StatusFound)
	}))
	rec := do(h, "GET", "/x/", map[string]string{"X-Inertia": "true", "X-Inertia-Version": "1"})
	if rec.Code != http.StatusConflict || rec.Header().Get("X-Inertia-Location") != "https://elsewhere.example/" {
		t.Errorf("client: %d %v", rec.Code, rec.Header())
	}
	rec = do(h, "GET", "/x/", nil)
	if rec.Code != http.StatusFound || rec.Header().Get("Location") != "https://elsewhere.example/" {
		t.Errorf("browser: %d %v", rec.Code, rec.Header())
	}
}

// The second entry's page contract is generated from its own registry and
// props, as the site's is (internal/http/web/route's TestGeneratedTypes).
func TestSecondEntryTypeScript(t *testing.T) {
	ts, err := inboxViews.TypeScript("// inbox\n", []views.Props{inboxListProps{}, inboxLoginProps{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"export type ViewName = 'InboxList' | 'InboxLogin'", "InboxList: ", "unread: number", "leads: string[]"} {
		if !strings.Contains(ts, want) {
			t.Errorf("TypeScript lacks %q:\n%s", want, ts)
		}
	}
	if _, err := inboxViews.TypeScript("", []views.Props{inboxLoginProps{}, inboxListProps{}}); err == nil {
		t.Error("props in another order than the registry's were taken")
	}
}

// An account's (private) page tells the router to keep only its address
// in the browser's history (the back button asks the server again); a
// page the same for everyone, or a form sent back (no-store), is kept
// whole.
func TestPrivateInHistory(t *testing.T) {
	_, _, h := inbox(t)
	client := map[string]string{"X-Inertia": "true", "X-Inertia-Version": "inbox-1"}
	for _, tc := range []struct {
		method, target string
		header         map[string]string
		private        bool
	}{
		{"GET", "/admin/", client, true},
		{"GET", "/admin/", nil, true}, // the document's page object too
		{"POST", "/admin/login/", map[string]string{"X-Inertia": "true", "X-Inertia-Version": "inbox-1", "body": ""}, false},
		{"GET", "/admin/login/", client, false},
	} {
		body := do(h, tc.method, tc.target, tc.header).Body.String()
		if got := strings.Contains(body, `"private":true`); got != tc.private {
			t.Errorf("%s %s (client %v): private %v, want %v\n%.300s", tc.method, tc.target, tc.header != nil, got, tc.private, body)
		}
	}
}
