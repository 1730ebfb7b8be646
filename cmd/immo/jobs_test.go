package main

import (
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/mail"
	"net/textproto"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/altcha"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/upload"
	"immo/internal/tool/apitest"
)

// cvPDF is a small real PDF, every byte value after its header (the mail
// must carry binary data intact).
func cvPDF() []byte {
	b := []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n")
	for i := range 256 {
		b = append(b, byte(i))
	}
	return append(b, "\n%%EOF\n"...)
}

// jobPost is a job application as a browser posts it: multipart, the CV
// as a file part (name "" leaves it out), extra fields replacing the good
// ones ("" removes one).
func jobPost(tb testing.TB, cvName string, cv []byte, extra map[string]string) (body, contentType string) {
	tb.Helper()
	fields := map[string]string{"form": "job-application", "title": "ms", "firstName": "Anne", "lastName": "Lambert",
		"email": "anne@example.be", "phone": "0471 23 45 67", "position": "Assistante commerciale",
		"motivation": "J'ai cinq ans d'expérience en agence.", altcha.HoneypotField: ""}
	for k, v := range extra {
		fields[k] = v
	}
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, v := range fields {
		if v != "" || k == altcha.HoneypotField {
			mw.WriteField(k, v)
		}
	}
	if cvName != "" {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="cv"; filename="`+cvName+`"`)
		h.Set("Content-Type", "application/pdf") // what the browser claims, never believed
		w, err := mw.CreatePart(h)
		if err != nil {
			tb.Fatal(err)
		}
		w.Write(cv)
	}
	mw.Close()
	return b.String(), mw.FormDataContentType()
}

// attachments are a mail's attached files by name, decoded.
func attachments(tb testing.TB, m *mail.Message) map[string][]byte {
	tb.Helper()
	out := map[string][]byte{}
	var walk func(header textproto.MIMEHeader, body io.Reader)
	walk = func(header textproto.MIMEHeader, body io.Reader) {
		mt, params, err := mime.ParseMediaType(header.Get("Content-Type"))
		if err != nil {
			tb.Fatalf("Content-Type %q: %v", header.Get("Content-Type"), err)
		}
		if strings.HasPrefix(mt, "multipart/") {
			r := multipart.NewReader(body, params["boundary"])
			for {
				p, err := r.NextRawPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					tb.Fatal(err)
				}
				walk(p.Header, p)
			}
		}
		disp, dparams, _ := mime.ParseMediaType(header.Get("Content-Disposition"))
		if disp != "attachment" {
			return
		}
		data, err := io.ReadAll(body)
		if err != nil {
			tb.Fatal(err)
		}
		if strings.EqualFold(header.Get("Content-Transfer-Encoding"), "base64") {
			if data, err = base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(data)), "")); err != nil {
				tb.Fatal(err)
			}
		}
		name := dparams["filename"]
		if dec, err := new(mime.WordDecoder).DecodeHeader(name); err == nil {
			name = dec
		}
		out[name] = data
	}
	walk(textproto.MIMEHeader(m.Header), m.Body)
	return out
}

// The job application end to end on both databases: the CV checked by its
// content, stored with the request, attached to the agency's notice that
// reaches a real SMTP server; the visitor's confirmation in their language,
// without it. Every refused post keeps nothing.
func TestJobApplication(t *testing.T) {
	for _, db := range databases {
		t.Run(db.Name, func(t *testing.T) { testJobApplication(t, newFormSite(t, db.URL(t))) })
	}
}

func testJobApplication(t *testing.T, s *formSite) {
	cv := cvPDF()
	var before state
	freshDay, nothingKept := s.scenarioDays(time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC), 2, &before)
	inertia := map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"}
	scenario := func(name, url, cvName string, data []byte, extra map[string]string, headers map[string]string) apitest.Scenario {
		body, ct := jobPost(t, cvName, data, extra)
		h := map[string]string{"Content-Type": ct}
		for k, v := range headers {
			h[k] = v
		}
		return apitest.Scenario{Name: name, Method: http.MethodPost, URL: url, Body: body, Headers: h, Before: freshDay}
	}
	refused := func(name, url, cvName string, data []byte, extra map[string]string, errs map[string]string) apitest.Scenario {
		sc := scenario(name, url, cvName, data, extra, inertia)
		sc.Status = http.StatusUnprocessableEntity
		for k, v := range errs {
			sc.Contains = append(sc.Contains, `"`+k+`":"`+v+`"`)
		}
		sc.After = nothingKept
		return sc
	}

	good := scenario("a good application without JavaScript, in Dutch", "/nl/jobs/", `C:\Users\anne\Mijn CV (2026).pdf`, cv, nil, nil)
	good.Status = http.StatusSeeOther
	good.Header = map[string]string{"Location": "/nl/feedback/job-application/#main"}
	good.After = func(tb testing.TB, _ *http.Response, _ string) {
		if after := s.state(tb); after.requests != before.requests+1 {
			tb.Fatalf("requests %d → %d", before.requests, after.requests)
		}
		r, _, err := s.Requests.Get(tb.Context(), int64(s.Count(tb, "requests")))
		if err != nil {
			tb.Fatal(err)
		}
		if r.Kind != lead.KindJob || r.Lang != "nl" || r.Page != "/nl/jobs/" || r.Fields["position"] != "Assistante commerciale" {
			tb.Errorf("stored %s %s %s %v", r.Kind, r.Lang, r.Page, r.Fields)
		}
		f := r.File("cv")
		const name = "Mijn CV (2026).pdf"
		if f == nil || f.Name != name || f.Type != "application/pdf" || !bytes.Equal(f.Data, cv) {
			tb.Fatalf("stored CV %+v", f)
		}
		msgs := s.Delivered(tb, before.mails, 2)
		var notice, confirmation *mail.Message
		for _, m := range msgs {
			switch to := m.Header.Get("To"); {
			case strings.Contains(to, "info@immo-arlon.be"):
				notice = m
			case strings.Contains(to, "anne@example.be"):
				confirmation = m
			}
		}
		if notice == nil || confirmation == nil {
			tb.Fatalf("want a notice and a confirmation, got %d mails", len(msgs))
		}
		if got := notice.Header.Get("Reply-To"); !strings.Contains(got, "anne@example.be") {
			tb.Errorf("notice Reply-To %q", got)
		}
		if got := confirmation.Header.Get("Content-Language"); got != "nl" {
			tb.Errorf("confirmation in %q, want nl", got)
		}
		if got := attachments(tb, notice); len(got) != 1 || !bytes.Equal(got[name], cv) {
			tb.Errorf("the notice's attachments: %d, the CV intact %v", len(got), bytes.Equal(got[name], cv))
		}
		if got := attachments(tb, confirmation); len(got) != 0 {
			tb.Errorf("the confirmation carries %d attachments", len(got))
		}
	}

	tooLarge := func(name, url string, size int, extra map[string]string) apitest.Scenario {
		sc := scenario(name, url, "cv.pdf", append(cvPDF(), make([]byte, size)...), extra, nil)
		sc.Status, sc.After = http.StatusRequestEntityTooLarge, nothingKept
		return sc
	}
	big := append(cvPDF(), make([]byte, upload.MaxSize)...)
	// The largest CV accepted goes through the queue and SMTP whole.
	largest := big[:upload.MaxSize]
	for i := len(cvPDF()); i < len(largest); i++ {
		largest[i] = byte(i % 251)
	}
	largestSent := scenario("the largest CV accepted (5 MB) reaches the agency whole", "/fr/emplois/", "cv.pdf", largest, nil, nil)
	largestSent.Status = http.StatusSeeOther
	largestSent.After = func(tb testing.TB, _ *http.Response, _ string) {
		s.state(tb)
		for _, m := range s.Delivered(tb, before.mails, 2) {
			if strings.Contains(m.Header.Get("To"), "info@immo-arlon.be") {
				if got := attachments(tb, m)["cv.pdf"]; !bytes.Equal(got, largest) {
					tb.Errorf("the notice carries %d bytes of the CV, want %d", len(got), len(largest))
				}
				return
			}
		}
		tb.Error("no notice")
	}
	s.Run(t, []apitest.Scenario{
		good,
		largestSent,
		refused("a text file calling itself a PDF", "/fr/emplois/", "cv.pdf", []byte("Ceci n'est pas un PDF.\n"), nil,
			map[string]string{"cv": field.KeyFileType}),
		refused("a PDF calling itself a Word file", "/fr/emplois/", "cv.docx", cv, nil, map[string]string{"cv": field.KeyFileType}),
		refused("an HTML page calling itself a PDF", "/en/jobs/", "cv.pdf", []byte("<!DOCTYPE html><html><script>alert(1)</script>"), nil,
			map[string]string{"cv": field.KeyFileType}),
		refused("a CV over 5 MB", "/de/stellenangebote/", "cv.pdf", big, nil, map[string]string{"cv": field.KeyFileSize}),
		refused("no CV", "/fr/emplois/", "", nil, nil, map[string]string{"cv": field.KeyRequired}),
		refused("an empty CV", "/fr/emplois/", "cv.pdf", nil, nil, map[string]string{"cv": field.KeyRequired}),
		refused("no motivation", "/fr/emplois/", "cv.pdf", cv, map[string]string{"motivation": ""}, map[string]string{"motivation": field.KeyRequired}),
		refused("a bad email", "/fr/emplois/", "cv.pdf", cv, map[string]string{"email": "anne@"}, map[string]string{"email": field.KeyEmail}),
		refused("no phone, no title", "/fr/emplois/", "cv.pdf", cv, map[string]string{"phone": "", "title": ""},
			map[string]string{"phone": field.KeyRequired, "title": field.KeyRequired}),
		refused("a position too long", "/fr/emplois/", "cv.pdf", cv, map[string]string{"position": strings.Repeat("x", 201)},
			map[string]string{"position": field.KeyTooLong}),
		{
			Name: "the client's JSON post carries no file", Method: http.MethodPost, URL: "/fr/emplois/", Before: freshDay,
			Headers: map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1", "Content-Type": "application/json"},
			Body:    `{"form":"job-application","title":"ms","firstName":"Anne","lastName":"Lambert","email":"anne@example.be","phone":"0471234567","motivation":"x","cv":"cv.pdf"}`,
			Status:  http.StatusUnprocessableEntity, Contains: []string{`"cv":"` + field.KeyRequired + `"`}, After: nothingKept,
		},
		func() apitest.Scenario {
			// Read through and discarded past the limit: the form again, in
			// French, with the size message and what was typed.
			sc := scenario("a far larger CV (15 MB): the form again with the size message", "/fr/emplois/", "cv.pdf",
				append(cvPDF(), make([]byte, 3*upload.MaxSize)...), nil, nil)
			sc.Status, sc.After = http.StatusUnprocessableEntity, nothingKept
			sc.Contains = []string{`"cv":"` + field.KeyFileSize + `"`, `"lastName":"Lambert"`}
			return sc
		}(),
		tooLarge("the contact page takes no file", "/fr/contact/", 200<<10, map[string]string{"form": "site-contact"}),
	})
}
