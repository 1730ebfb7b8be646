package main

import (
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/http"
	"net/mail"
	"net/textproto"
	"net/url"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/altcha"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/offer"
	"immo/internal/tool/apitest"
)

// TestOfferForms: the document request, purchase offer and rent application
// through the site's handler on both databases: stored with their two mails,
// refused with their keys, offered only on the pages that take them.
func TestOfferForms(t *testing.T) {
	for _, db := range databases {
		t.Run(db.Name, func(t *testing.T) { testOfferForms(t, newFormSite(t, db.URL(t))) })
	}
}

func documentPost(extra url.Values) url.Values {
	return withValues(contactPost(url.Values{"form": {"document-request"}, "document": {"7100002"}}), extra)
}

func offerPost(extra url.Values) url.Values {
	return withValues(contactPost(url.Values{"form": {"purchase-offer"}, "street": {"Grand-Rue 12"}, "zip": {"6700"},
		"city": {"Arlon"}, "amount": {"305000"}, "conditions": {"Sous réserve d'un prêt"}, "validUntil": {"2026-12-15"}}), extra)
}

func rentPost(extra url.Values) url.Values {
	return withValues(contactPost(url.Values{"form": {"rent-application"}, "adults": {"2"}, "kids": {"1"}, "pets": {"no"},
		"movingDate": {"2027-01-01"}, "movingReason": {"Mutation"}, "income1": {"1800"}, "income2": {"900"}}), extra)
}

func testOfferForms(t *testing.T, s *formSite) {
	const salePage = "/fr/a-vendre/arlon/villa-maison-ferme/4100001/" // for sale, documents 7100001-3, 315 000 €
	const rentPage = "/nl/te-huur/arlon/appartement/4100044/"         // for rent, documents 7100026-7, 700 € a month
	const soldPage = "/fr/a-vendre/habay/villa-maison-ferme/4100061/"
	var before state
	freshDay, nothingKept := s.scenarioDays(time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC), 1, &before)
	inertia := map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"}
	errorKey := func(name, key string) []string { return []string{`"` + name + `":"` + key + `"`} }
	// stored checks the newest request, its fields, and that both mails
	// (the notice to the agency, the confirmation to the visitor) hold want.
	stored := func(kind lead.Kind, property int64, fields map[string]string, want ...string) func(testing.TB, *http.Response, string) {
		return func(tb testing.TB, _ *http.Response, _ string) {
			tb.Helper()
			if after := s.state(tb); after.requests != before.requests+1 {
				tb.Fatalf("requests %d → %d", before.requests, after.requests)
			}
			r, _, err := s.Requests.Get(tb.Context(), int64(s.Count(tb, "requests")))
			if err != nil {
				tb.Fatal(err)
			}
			if r.Kind != kind || r.PropertyID != property {
				tb.Errorf("stored %s property %d, want %s %d", r.Kind, r.PropertyID, kind, property)
			}
			for name, v := range fields {
				if r.Fields[name] != v {
					tb.Errorf("field %s %q, want %q", name, r.Fields[name], v)
				}
			}
			msgs := s.Delivered(tb, before.mails, 2)
			var to []string
			for _, m := range msgs {
				to = append(to, m.Header.Get("To"))
				body := decodedBody(tb, m)
				for _, w := range want {
					if !strings.Contains(body, w) {
						tb.Errorf("the mail to %s does not say %q", m.Header.Get("To"), w)
					}
				}
			}
			if !strings.Contains(strings.Join(to, " "), "info@immo-arlon.be") || !strings.Contains(strings.Join(to, " "), "anne@example.be") {
				tb.Errorf("mails to %v, want the agency and the visitor", to)
			}
		}
	}
	post := func(name, page string, form url.Values, status int, after func(testing.TB, *http.Response, string)) apitest.Scenario {
		sc := apitest.Scenario{Name: name, Method: http.MethodPost, URL: page, Before: freshDay, Form: form, Status: status, After: after}
		if status == http.StatusUnprocessableEntity {
			sc.Headers = inertia
		}
		return sc
	}
	refused := func(name, page string, form url.Values, field, key string) apitest.Scenario {
		sc := post(name, page, form, http.StatusUnprocessableEntity, nothingKept)
		sc.Contains = errorKey(field, key)
		return sc
	}
	thanks := func(sc apitest.Scenario, location string) apitest.Scenario {
		sc.Header = map[string]string{"Location": location + "#main"}
		return sc
	}

	cvBody, cvType := multipartPost(t, rentPost(nil), "cv", "Zoë CV.pdf", []byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"))
	fakeBody, fakeType := multipartPost(t, rentPost(nil), "cv", "cv.pdf", []byte("MZ\x90\x00 not a PDF at all"))

	s.Run(t, []apitest.Scenario{
		thanks(post("document: not yet requested, will be sent by email", salePage, documentPost(nil), http.StatusSeeOther,
			stored(lead.KindDocument, 4100001, map[string]string{"document": "7100002"}, "Plans du bien")),
			"/fr/merci/demande-de-document/"),
		// Already requested by the same address: answered as the first was,
		// nothing kept or mailed again — a stranger typing the address
		// learns nothing of what its owner asked for.
		thanks(post("document: already requested by the same address", salePage,
			documentPost(url.Values{"email": {"Anne@Example.be"}}), http.StatusSeeOther, nothingKept), "/fr/merci/demande-de-document/"),
		thanks(post("document: another document of the same property", salePage, documentPost(url.Values{"document": {"7100003"}}),
			http.StatusSeeOther, stored(lead.KindDocument, 4100001, map[string]string{"document": "7100003"})), "/fr/merci/demande-de-document/"),
		refused("document: another property's", salePage, documentPost(url.Values{"document": {"7100026"}}), "document", offer.KeyDocument),
		refused("document: none chosen", salePage, documentPost(url.Values{"document": {""}}), "document", field.KeyRequired),
		refused("document: no email", salePage, documentPost(url.Values{"email": {""}}), "email", field.KeyRequired),
		post("document: not on a sold property's page", soldPage, documentPost(url.Values{"document": {"7100034"}}), http.StatusBadRequest, nothingKept),

		thanks(post("purchase offer", salePage, offerPost(nil), http.StatusSeeOther,
			stored(lead.KindPurchaseOffer, 4100001, map[string]string{"amount": "305000", "validUntil": "2026-12-15", "zip": "6700"},
				"305.000", "15/12/2026", "Grand-Rue 12")),
			"/fr/merci/offre-d-achat/"),
		refused("purchase offer: no street", salePage, offerPost(url.Values{"street": {""}}), "street", field.KeyRequired),
		refused("purchase offer: no postal code", salePage, offerPost(url.Values{"zip": {""}}), "zip", field.KeyRequired),
		refused("purchase offer: no city", salePage, offerPost(url.Values{"city": {" "}}), "city", field.KeyRequired),
		refused("purchase offer: no amount", salePage, offerPost(url.Values{"amount": {""}}), "amount", field.KeyRequired),
		refused("purchase offer: an amount in words", salePage, offerPost(url.Values{"amount": {"trois cent mille"}}), "amount", field.KeyNumber),
		refused("purchase offer: nothing offered", salePage, offerPost(url.Values{"amount": {"0"}}), "amount", offer.KeyAmount),
		refused("purchase offer: valid until a past day", salePage, offerPost(url.Values{"validUntil": {"2026-11-01"}}), "validUntil", offer.KeyPastDate),
		refused("purchase offer: no validity date", salePage, offerPost(url.Values{"validUntil": {""}}), "validUntil", field.KeyRequired),
		refused("purchase offer: no title", salePage, offerPost(url.Values{"title": {""}}), "title", field.KeyRequired),
		post("purchase offer: not on a rent page", rentPage, offerPost(nil), http.StatusBadRequest, nothingKept),
		post("purchase offer: not on a sold property's page", soldPage, offerPost(nil), http.StatusBadRequest, nothingKept),

		thanks(post("rent application", rentPage, rentPost(nil), http.StatusSeeOther,
			stored(lead.KindRentApplication, 4100044, map[string]string{"adults": "2", "income1": "1800", "movingDate": "2027-01-01"},
				"1.800", "01/01/2027", "Mutation")),
			"/nl/feedback/rent-application/"),
		refused("rent application: below the minimum income", rentPage, rentPost(url.Values{"income1": {"1000"}, "income2": {"999"}}), "income1", offer.KeyMinIncome),
		refused("rent application: above the maximum persons", rentPage, rentPost(url.Values{"adults": {"2"}, "kids": {"4"}}), "kids", offer.KeyMaxPersons),
		refused("rent application: no adult", rentPage, rentPost(url.Values{"adults": {"0"}}), "adults", offer.KeyAdults),
		refused("rent application: no moving date", rentPage, rentPost(url.Values{"movingDate": {""}}), "movingDate", field.KeyRequired),
		refused("rent application: moving in the past", rentPage, rentPost(url.Values{"movingDate": {"2026-10-01"}}), "movingDate", offer.KeyPastDate),
		refused("rent application: no income", rentPage, rentPost(url.Values{"income1": {""}}), "income1", field.KeyRequired),
		refused("rent application: pets neither yes nor no", rentPage, rentPost(url.Values{"pets": {"a cat"}}), "pets", field.KeyChoice),
		post("rent application: not on a sale page", salePage, rentPost(nil), http.StatusBadRequest, nothingKept),
		{
			Name: "rent application with a CV", Method: http.MethodPost, URL: rentPage, Before: freshDay,
			Body: cvBody, Headers: map[string]string{"Content-Type": cvType}, Status: http.StatusSeeOther,
			Header: map[string]string{"Location": "/nl/feedback/rent-application/#main"},
			After: func(tb testing.TB, res *http.Response, body string) {
				stored(lead.KindRentApplication, 4100044, map[string]string{"adults": "2"}, "Zoë CV.pdf")(tb, res, body)
				r, _, err := s.Requests.Get(tb.Context(), int64(s.Count(tb, "requests")))
				if err != nil {
					tb.Fatal(err)
				}
				if len(r.Files) != 1 || r.Files[0].Field != "cv" || r.Files[0].Type != "application/pdf" || !strings.HasPrefix(string(r.Files[0].Data), "%PDF-") {
					tb.Fatalf("stored files %+v", r.Files)
				}
				var attached int
				for _, m := range s.SMTP.Messages()[before.mails:] {
					if strings.Contains(string(m.Data), "attachment") && strings.Contains(string(m.Data), "application/pdf") {
						attached++
						if !strings.Contains(strings.Join(m.To, " "), "info@immo-arlon.be") {
							tb.Errorf("the CV goes to %v", m.To)
						}
					}
				}
				if attached != 1 {
					tb.Errorf("%d mails carry the CV, want the agency's notice only", attached)
				}
			},
		},
		{
			Name: "rent application: a CV that is no PDF, DOC or DOCX", Method: http.MethodPost, URL: rentPage, Before: freshDay,
			Body: fakeBody, Headers: map[string]string{"Content-Type": fakeType, "X-Inertia": "true", "X-Inertia-Version": "v1"},
			Status: http.StatusUnprocessableEntity, Contains: errorKey("cv", field.KeyFileType), After: nothingKept,
		},
		{
			Name: "rent application: the honeypot", Method: http.MethodPost, URL: rentPage, Before: freshDay,
			Form: rentPost(url.Values{altcha.HoneypotField: {"x"}}), Status: http.StatusSeeOther, After: nothingKept,
		},
	})
}

// decodedBody is m's text parts decoded (quoted-printable, base64), joined.
func decodedBody(tb testing.TB, m *mail.Message) string {
	tb.Helper()
	var out strings.Builder
	var walk func(h textproto.MIMEHeader, r io.Reader)
	walk = func(h textproto.MIMEHeader, r io.Reader) {
		mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
		if err != nil {
			mt = "text/plain"
		}
		if strings.HasPrefix(mt, "multipart/") {
			mr := multipart.NewReader(r, params["boundary"])
			for {
				p, err := mr.NextRawPart()
				if err != nil {
					return
				}
				walk(p.Header, p)
			}
		}
		switch strings.ToLower(h.Get("Content-Transfer-Encoding")) {
		case "quoted-printable":
			r = quotedprintable.NewReader(r)
		case "base64":
			r = base64.NewDecoder(base64.StdEncoding, r)
		}
		if strings.HasPrefix(mt, "text/plain") {
			b, err := io.ReadAll(r)
			if err != nil {
				tb.Fatal(err)
			}
			out.Write(b)
		}
	}
	walk(textproto.MIMEHeader(m.Header), m.Body)
	return out.String()
}

// multipartPost is values and one file as a browser posts them.
func multipartPost(tb testing.TB, values url.Values, field, name string, data []byte) (body, contentType string) {
	tb.Helper()
	var b strings.Builder
	w := multipart.NewWriter(&b)
	for k, vs := range values {
		for _, v := range vs {
			if err := w.WriteField(k, v); err != nil {
				tb.Fatal(err)
			}
		}
	}
	part, err := w.CreateFormFile(field, name)
	if err != nil {
		tb.Fatal(err)
	}
	part.Write(data)
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return b.String(), w.FormDataContentType()
}
