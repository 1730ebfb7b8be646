package main

import (
	"io"
	"mime/quotedprintable"
	"net/http"
	"net/mail"
	"net/url"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/altcha"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/tool/apitest"
)

func valuationPost(extra url.Values) url.Values {
	return withValues(url.Values{"title": {"mr"}, "firstName": {"Luc"}, "lastName": {"Dupont"}, "email": {"luc@example.be"},
		"phone": {"0471 23 45 67"}, "street": {"Rue de Diekirch 12"}, "zip": {"6700"}, "city": {"Arlon"},
		"goal": {"sale"}, "propertyType": {"Appartement"}, "contactTime": {"evening"},
		"remark": {"Trois chambres, jardin."}, altcha.HoneypotField: {""}}, extra)
}

// The free valuation, on both databases: a good post is stored with its
// address, goal and type and its two mails; each bad field is refused with
// its key, nothing stored.
func TestValuationForm(t *testing.T) {
	for _, db := range databases {
		t.Run(db.Name, func(t *testing.T) { testValuationForm(t, newFormSite(t, db.URL(t))) })
	}
}

func testValuationForm(t *testing.T, s *formSite) {
	var before state
	freshDay, nothingKept := s.scenarioDays(time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC), 2, &before)
	stored := func(lang string) func(testing.TB, *http.Response, string) {
		return func(tb testing.TB, _ *http.Response, _ string) {
			tb.Helper()
			if after := s.state(tb); after.requests != before.requests+1 {
				tb.Fatalf("requests %d → %d", before.requests, after.requests)
			}
			r, _, err := s.Requests.Get(tb.Context(), int64(s.Count(tb, "requests")))
			if err != nil {
				tb.Fatal(err)
			}
			want := map[string]string{"street": "Rue de Diekirch 12", "zip": "6700", "city": "Arlon", "goal": "sale",
				"propertyType": "Appartement", "contactTime": "evening"}
			if r.Kind != lead.KindValuation || r.Lang != lang || r.PropertyID != 0 {
				tb.Errorf("stored %s %s property %d", r.Kind, r.Lang, r.PropertyID)
			}
			for k, v := range want {
				if r.Fields[k] != v {
					tb.Errorf("field %s %q, want %q", k, r.Fields[k], v)
				}
			}
			var notice, confirmation string
			for _, m := range s.Delivered(tb, before.mails, 2) {
				to, _ := mail.ParseAddress(m.Header.Get("To"))
				raw, _ := io.ReadAll(m.Body)
				body := quotedPrintable(raw)
				switch {
				case to != nil && to.Address == "info@immo-arlon.be":
					notice = body
					if got := m.Header.Get("Reply-To"); !strings.Contains(got, "luc@example.be") {
						tb.Errorf("notice Reply-To %q", got)
					}
				case to != nil && to.Address == "luc@example.be":
					confirmation = body
					if got := m.Header.Get("Content-Language"); got != lang {
						tb.Errorf("confirmation in %q, want %q", got, lang)
					}
				}
			}
			// The agency's notice (in French, the site's language) names every field.
			for _, text := range []string{"Rue de Diekirch 12", "6700", "Arlon", "Vendre", "Appartement", "16:00", "Trois chambres"} {
				if !strings.Contains(notice, text) {
					tb.Errorf("the notice lacks %q", text)
				}
			}
			if confirmation == "" || !strings.Contains(confirmation, "Rue de Diekirch 12") {
				tb.Error("no confirmation to the visitor with what they sent")
			}
		}
	}
	inertia := map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"}
	refused := func(name string, bad url.Values, field, key string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: http.MethodPost, URL: "/fr/estimation-gratuite/", Before: freshDay,
			Headers: inertia, Form: valuationPost(bad), Status: http.StatusUnprocessableEntity,
			Contains: []string{`"` + field + `":"` + key + `"`, `"component":"Valuation"`, `"remark":"Trois chambres, jardin."`},
			After:    nothingKept}
	}
	scenarios := []apitest.Scenario{
		{Name: "the page", URL: "/fr/estimation-gratuite/", Status: http.StatusOK,
			Contains: []string{"Estimation gratuite", `hreflang="nl" href="https://immo.example/nl/contact-demand/"`}},
		{Name: "good, without JavaScript", Method: http.MethodPost, URL: "/fr/estimation-gratuite/", Before: freshDay,
			Form: valuationPost(nil), Status: http.StatusSeeOther,
			Header: map[string]string{"Location": "/fr/merci/estimation-gratuite/#main"}, After: stored("fr")},
		{Name: "good, with JavaScript, in English", Method: http.MethodPost, URL: "/en/contact-demand/", Before: freshDay,
			Headers: inertia, Form: valuationPost(url.Values{"form": {"contact-demand"}}), Status: http.StatusSeeOther,
			Header: map[string]string{"Location": "/en/feedback/contact-demand/#main"}, After: stored("en")},
		refused("no title", url.Values{"title": {""}}, "title", field.KeyRequired),
		refused("no first name", url.Values{"firstName": {" "}}, "firstName", field.KeyRequired),
		refused("no last name", url.Values{"lastName": {""}}, "lastName", field.KeyRequired),
		refused("no email", url.Values{"email": {""}}, "email", field.KeyRequired),
		refused("a bad email", url.Values{"email": {"luc@"}}, "email", field.KeyEmail),
		refused("no phone", url.Values{"phone": {""}}, "phone", field.KeyRequired),
		refused("a bad phone", url.Values{"phone": {"call me"}}, "phone", field.KeyPhone),
		refused("no street", url.Values{"street": {""}}, "street", field.KeyRequired),
		refused("no zip", url.Values{"zip": {""}}, "zip", field.KeyRequired),
		refused("no city", url.Values{"city": {" "}}, "city", field.KeyRequired),
		refused("no goal", url.Values{"goal": {""}}, "goal", field.KeyRequired),
		refused("a goal not offered", url.Values{"goal": {"swap"}}, "goal", field.KeyChoice),
		refused("a contact time not offered", url.Values{"contactTime": {"night"}}, "contactTime", field.KeyChoice),
		refused("a type too long", url.Values{"propertyType": {strings.Repeat("x", 201)}}, "propertyType", field.KeyTooLong),
	}
	s.Run(t, scenarios)
}

// quotedPrintable is a MIME body with its quoted-printable parts decoded (the
// texts checked are in every part, so the boundaries need no parsing).
func quotedPrintable(raw []byte) string {
	b, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(string(raw))))
	if err != nil {
		return string(raw)
	}
	return string(b)
}
