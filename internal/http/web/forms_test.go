package web

import (
	"context"
	"encoding/json"
	"errors"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/lead/leadtest"
	"immo/internal/http/web/respond"
)

// contactForms registers the site contact form, kept by lead.Service in st;
// fail makes the handler fail.
func contactForms(st *leadtest.Store, fail *bool) Forms {
	ip, _ := lead.NewIPHasher([]byte(strings.Repeat("s", 32)))
	svc := &lead.Service{Store: st, IP: ip}
	return Forms{"site-contact": FormHandlerFunc(func(ctx context.Context, p FormPost) (Outcome, error) {
		if *fail {
			return Outcome{}, errors.New("database down")
		}
		r := lead.Decode(lead.Kind(p.Form), p.Lang, p.Page, p.First())
		_, errs, err := svc.Submit(ctx, r, p.IP)
		return Refused(errs), err
	})}
}

var goodContact = url.Values{"title": {"ms"}, "firstName": {"Ann"}, "lastName": {"Peeters"}, "email": {"ann@example.be"},
	"phone": {"0471 23 45 67"}, "remark": {"Bonjour"}}

func postForm(h http.Handler, target, contentType, body string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req.WithContext(respond.WithNonce(req.Context(), testNonce)))
	return rec
}

const urlencoded = "application/x-www-form-urlencoded"

func without(v url.Values, names ...string) url.Values {
	out := url.Values{}
	for k, x := range v {
		out[k] = x
	}
	for _, n := range names {
		out.Del(n)
	}
	return out
}

func TestFormPost(t *testing.T) {
	inertia := map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"}
	badJSON, _ := json.Marshal(map[string]any{"title": "ms", "firstName": "Ann", "email": "ann@", "phone": 471234567, "password": "secret"})
	goodJSON, _ := json.Marshal(map[string]string{"title": "mr", "firstName": "Bob", "lastName": "Dupont", "email": "bob@example.be",
		"phone": "+32 63 22 33 44", "remark": "Rappelez-moi", "form": "site-contact"})
	for _, tc := range []struct {
		name        string
		noForms     bool
		fail        bool
		panics      bool // the handler panics: a bug of ours
		target      string
		contentType string
		body        string
		header      map[string]string
		status      int
		location    string
		stored      int
		errors      map[string]string // the page's errors prop
		values      map[string]any    // the page's form.values prop
	}{
		{name: "no form registered: 405 as before", noForms: true, target: "/fr/contact/", contentType: urlencoded, body: goodContact.Encode(), status: 405},
		{name: "good post: 303 to the French thank-you page", target: "/fr/contact/", contentType: urlencoded, body: goodContact.Encode(),
			status: 303, location: "/fr/merci/service-personnalise/#main", stored: 1},
		{name: "good post in Dutch", target: "/nl/contact/", contentType: urlencoded, body: goodContact.Encode(),
			status: 303, location: "/nl/feedback/site-contact/#main", stored: 1},
		{name: "good post from the client router", target: "/fr/contact/", contentType: "application/json", body: string(goodJSON), header: inertia,
			status: 303, location: "/fr/merci/service-personnalise/#main", stored: 1},
		{name: "bad post without JavaScript: the HTML page with the keys", target: "/fr/contact/", contentType: urlencoded,
			body: without(goodContact, "lastName", "remark").Encode(), status: 422,
			errors: map[string]string{"lastName": field.KeyRequired, "remark": field.KeyRequired},
			values: map[string]any{"title": "ms", "firstName": "Ann", "email": "ann@example.be", "phone": "0471 23 45 67"}},
		{name: "a NUL typed: refused on its field, never sent back", target: "/fr/contact/", contentType: urlencoded, header: inertia,
			body: with(goodContact, "lastName", "Pee\x00ters").Encode(), status: 422,
			errors: map[string]string{"lastName": field.KeyControl},
			values: map[string]any{"title": "ms", "firstName": "Ann", "lastName": "Peeters", "email": "ann@example.be", "phone": "0471 23 45 67", "remark": "Bonjour"}},
		{name: "bad post from the client router: the page object", target: "/fr/contact/", contentType: "application/json", body: string(badJSON), header: inertia,
			status: 422, errors: map[string]string{"lastName": field.KeyRequired, "email": field.KeyEmail, "remark": field.KeyRequired},
			values: map[string]any{"title": "ms", "firstName": "Ann", "email": "ann@", "phone": "471234567"}},
		{name: "the handler fails: 500 and the page asks to try again", fail: true, target: "/fr/contact/", contentType: urlencoded,
			body: goodContact.Encode(), header: inertia, status: 500, errors: map[string]string{"form": field.KeySendFailed}},
		{name: "the handler panics: 500, API ERROR, the values kept", panics: true, target: "/de/kontakt/", contentType: urlencoded,
			body: goodContact.Encode(), status: 500, errors: map[string]string{"form": field.KeyAPIError},
			values: map[string]any{"title": "ms", "firstName": "Ann", "lastName": "Peeters", "email": "ann@example.be", "phone": "0471 23 45 67", "remark": "Bonjour"}},
		{name: "oversized body", target: "/fr/contact/", contentType: urlencoded, body: "remark=" + strings.Repeat("x", MaxFormBytes), status: 413},
		{name: "oversized JSON", target: "/fr/contact/", contentType: "application/json", body: `{"remark":"` + strings.Repeat("x", MaxFormBytes) + `"}`, header: inertia, status: 413},
		{name: "no form on the page", target: "/fr/a-vendre/", contentType: urlencoded, body: goodContact.Encode(), status: 405},
		{name: "no form on the page, client router", target: "/fr/a-vendre/", contentType: "application/json", body: string(goodJSON), header: inertia, status: 405},
		{name: "a form the page does not hold", target: "/fr/contact/", contentType: urlencoded, body: goodContact.Encode() + "&form=send-to-friend", status: 400},
		{name: "a form of another page not registered", target: "/fr/property/4100001/", contentType: urlencoded, body: goodContact.Encode(), status: 405},
		{name: "a missing page", target: "/fr/nothing-here/", contentType: urlencoded, body: goodContact.Encode(), status: 405},
		{name: "another site's form", target: "/fr/contact/", contentType: urlencoded, body: goodContact.Encode(),
			header: map[string]string{"Sec-Fetch-Site": "cross-site"}, status: 403},
		{name: "not a form body", target: "/fr/contact/", contentType: "text/plain", body: "hello", status: 415},
		{name: "JSON with an object value", target: "/fr/contact/", contentType: "application/json", body: `{"remark":{"a":1}}`, status: 400},
		{name: "a stale client reloads", target: "/fr/contact/", contentType: "application/json", body: string(goodJSON),
			header: map[string]string{"X-Inertia": "true", "X-Inertia-Version": "old"}, status: 409},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, _, _ := newTestHandler(t, &fakeRenderer{})
			st := &leadtest.Store{}
			if !tc.noForms {
				h.forms = contactForms(st, &tc.fail)
			}
			if tc.panics {
				h.forms = Forms{"site-contact": FormHandlerFunc(func(context.Context, FormPost) (Outcome, error) { panic("a bug") })}
			}
			rec := postForm(h, tc.target, tc.contentType, tc.body, tc.header)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body.String())
			}
			if loc := rec.Header().Get("Location"); loc != tc.location {
				t.Errorf("Location %q, want %q", loc, tc.location)
			}
			if len(st.Rows) != tc.stored {
				t.Errorf("%d stored, want %d", len(st.Rows), tc.stored)
			}
			if tc.status == 405 && rec.Header().Get("Allow") != "GET, HEAD" {
				t.Errorf("Allow %q", rec.Header().Get("Allow"))
			}
			if tc.errors == nil {
				return
			}
			page := formPageOf(t, rec, tc.header["X-Inertia"] == "true")
			if page.Component != "Page" || page.Props["site"] == nil {
				t.Errorf("not the contact page with its props: %s %v", page.Component, page.Props["site"] == nil)
			}
			var got struct {
				Errors map[string]string `json:"errors"`
				Form   struct {
					Name   string         `json:"name"`
					Values map[string]any `json:"values"`
				} `json:"form"`
			}
			b, _ := json.Marshal(page.Props)
			json.Unmarshal(b, &got)
			if !equalMaps(got.Errors, tc.errors) {
				t.Errorf("errors %v, want %v", got.Errors, tc.errors)
			}
			if got.Form.Name != "site-contact" {
				t.Errorf("form %q", got.Form.Name)
			}
			if tc.values != nil && !equalMaps(got.Form.Values, tc.values) {
				t.Errorf("values %v, want %v (passwords never sent back)", got.Form.Values, tc.values)
			}
			if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control %q", cc)
			}
		})
	}
}

func equalMaps[V comparable](a, b map[string]V) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// formPageOf reads the page object of a form answer: the JSON body with
// X-Inertia, else the one in the HTML document.
// postedPage is a page object as the browser reads it, props undecoded.
type postedPage struct {
	Component string                     `json:"component"`
	Props     map[string]json.RawMessage `json:"props"`
}

func formPageOf(t *testing.T, rec *httptest.ResponseRecorder, inertia bool) postedPage {
	t.Helper()
	body := rec.Body.String()
	if inertia {
		if rec.Header().Get("X-Inertia") != "true" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Fatalf("not a page object: %v", rec.Header())
		}
	} else {
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Fatalf("not an HTML page: %v", rec.Header())
		}
		const open = `<script type="application/json" id="page">`
		i := strings.Index(body, open)
		if i < 0 {
			t.Fatalf("no page object in %s", body)
		}
		body = body[i+len(open):]
		body = body[:strings.Index(body, "</script>")]
	}
	var p postedPage
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return p
}

// A page answered with errors is not cached: the next visitor gets the
// page without them.
func TestFormPageNotCached(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	fail := false
	h.forms = contactForms(&leadtest.Store{}, &fail)
	do(h, http.MethodGet, "/fr/contact/", nil)
	if rec := postForm(h, "/fr/contact/", urlencoded, "firstName=Secret+Name", nil); rec.Code != 422 {
		t.Fatalf("status %d", rec.Code)
	}
	rec := do(h, http.MethodGet, "/fr/contact/", nil)
	if strings.Contains(rec.Body.String(), "Secret Name") || strings.Contains(rec.Body.String(), "forms.error") {
		t.Fatal("a visitor's post reached the cached page")
	}
}

// cmd passes the registry through Options.
func TestFormsOption(t *testing.T) {
	base, _, _ := newTestHandler(t, &fakeRenderer{})
	fail := false
	st := &leadtest.Store{}
	h := NewHandler(Options{Resolver: base.resolver, AssetVersion: "v1", Log: base.log, Forms: contactForms(st, &fail)})
	rec := postForm(h, "/en/contact/", urlencoded, goodContact.Encode(), nil)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/en/feedback/site-contact/#main" || len(st.Rows) != 1 {
		t.Fatalf("status %d, Location %q, %d stored", rec.Code, rec.Header().Get("Location"), len(st.Rows))
	}
	if got := st.Rows[0]; got.Lang != "en" || got.Page != "/en/contact/" || got.IPHash == "" || strings.Contains(got.IPHash, "192.0.2") {
		t.Fatalf("stored %+v", got) // httptest's RemoteAddr is 192.0.2.1
	}
}

// A multipart form (a form with enctype="multipart/form-data") posts alike.
func TestFormPostMultipart(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	fail := false
	st := &leadtest.Store{}
	h.forms = contactForms(st, &fail)
	var body strings.Builder
	mw := multipart.NewWriter(&body)
	for k, v := range goodContact {
		mw.WriteField(k, v[0])
	}
	mw.Close()
	rec := postForm(h, "/de/kontakt/", mw.FormDataContentType(), body.String(), nil)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/de/feedback/site-contact/#main" || len(st.Rows) != 1 {
		t.Fatalf("status %d, Location %q, %d stored", rec.Code, rec.Header().Get("Location"), len(st.Rows))
	}
	if st.Rows[0].Person.LastName != "Peeters" {
		t.Fatalf("stored %+v", st.Rows[0])
	}
}
