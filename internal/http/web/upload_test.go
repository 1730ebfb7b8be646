package web

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/lead/leadtest"
	"immo/internal/domain/spam"
	"immo/internal/domain/upload"
)

// fileForm is a handler whose form takes a file in "cv": it keeps the
// posts it gets.
type fileForm struct{ got []FormPost }

func (f *fileForm) Submit(_ context.Context, p FormPost) (Outcome, error) {
	f.got = append(f.got, p)
	return Outcome{}, nil
}

func (f *fileForm) FileFields(string) []string { return []string{"cv"} }

type part struct {
	name, file string // file "": a plain field
	data       []byte
	noFileName bool   // a file input left empty: filename="" and no bytes
	typed      string // a field's part with this Content-Type (some clients send one)
}

func multipartBody(t *testing.T, parts []part) (string, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, p := range parts {
		if p.typed != "" {
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", `form-data; name="`+p.name+`"`)
			h.Set("Content-Type", p.typed)
			w, _ := mw.CreatePart(h)
			w.Write(p.data)
			continue
		}
		if p.file == "" && !p.noFileName {
			mw.WriteField(p.name, string(p.data))
			continue
		}
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="`+p.name+`"; filename="`+p.file+`"`)
		h.Set("Content-Type", "application/octet-stream")
		w, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(p.data)
	}
	mw.Close()
	return b.String(), mw.FormDataContentType()
}

// The upload seam: a multipart post to a page whose form takes a file
// carries the file to the handler, bounded; other files are skipped, other
// forms keep their small bound.
func TestFormPostFiles(t *testing.T) {
	pdf := []byte("%PDF-1.7\n%âãÏÓ\n1 0 obj\n")
	fields := []part{{name: "firstName", data: []byte("Ann")}, {name: "lastName", data: []byte("Peeters")}}
	for _, tc := range []struct {
		name     string
		files    bool // the handler takes files
		parts    []part
		status   int
		want     []lead.File // what the handler gets
		firstVal string
	}{
		{name: "a CV reaches the handler", files: true, status: 303,
			parts: append(fields, part{name: "cv", file: `C:\docs\Mijn CV.pdf`, data: pdf}),
			want:  []lead.File{{Field: "cv", Name: `C:\docs\Mijn CV.pdf`, Data: pdf}}}, // as sent: lead.Decode cleans it
		{name: "only the first file of a field", files: true, status: 303,
			parts: append(fields, part{name: "cv", file: "a.pdf", data: pdf}, part{name: "cv", file: "b.pdf", data: []byte("%PDF-b")}),
			want:  []lead.File{{Field: "cv", Name: "a.pdf", Data: pdf}}},
		{name: "a file in a field that takes none is skipped", files: true, status: 303,
			parts: append(fields, part{name: "photo", file: "me.png", data: []byte("\x89PNG")}, part{name: "cv", file: "cv.pdf", data: pdf}),
			want:  []lead.File{{Field: "cv", Name: "cv.pdf", Data: pdf}}},
		{name: "a field with a Content-Type is a field", files: true, status: 303,
			parts: []part{{name: "firstName", data: []byte("Ann")}, {name: "lastName", data: []byte("Peeters"), typed: "text/plain; charset=utf-8"}}},
		{name: "an empty file input sends nothing", files: true, status: 303,
			parts: append(fields, part{name: "cv", noFileName: true})},
		{name: "a file somewhat too large is cut one byte past the limit", files: true, status: 303,
			parts: append(fields, part{name: "cv", file: "big.pdf", data: bytes.Repeat([]byte("x"), upload.MaxSize+300_000)}),
			want:  []lead.File{{Field: "cv", Name: "big.pdf", Data: bytes.Repeat([]byte("x"), upload.MaxSize+1)}}},
		{name: "a 25 MB CV is read through, kept one byte past the limit (refused in the visitor's language)", files: true, status: 303,
			parts: append(fields, part{name: "cv", file: "huge.pdf", data: bytes.Repeat([]byte("x"), 25<<20)}, part{name: "remark", data: []byte("after")}),
			want:  []lead.File{{Field: "cv", Name: "huge.pdf", Data: bytes.Repeat([]byte("x"), upload.MaxSize+1)}}},
		{name: "past the body's bound, what came before the file answers", files: true, status: 303,
			parts: append(fields, part{name: "cv", file: "huge.pdf", data: bytes.Repeat([]byte("x"), uploadAllowance+MaxFormBytes)}),
			want:  []lead.File{{Field: "cv", Name: "huge.pdf", Data: bytes.Repeat([]byte("x"), upload.MaxSize+1)}}},
		{name: "fields past MaxFormBytes are 413, files or not", files: true, status: 413,
			parts: append(fields, part{name: "remark", data: bytes.Repeat([]byte("x"), MaxFormBytes)}, part{name: "cv", file: "cv.pdf", data: pdf})},
		{name: "a form without files keeps the small bound", files: false, status: 413,
			parts: append(fields, part{name: "cv", file: "cv.pdf", data: bytes.Repeat([]byte("x"), MaxFormBytes)})},
		{name: "a form without files gets none", files: false, status: 303,
			parts: append(fields, part{name: "cv", file: "cv.pdf", data: pdf})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, _, _ := newTestHandler(t, &fakeRenderer{})
			ff := &fileForm{}
			if tc.files {
				h.forms = Forms{"site-contact": ff}
			} else {
				h.forms = Forms{"site-contact": FormHandlerFunc(func(ctx context.Context, p FormPost) (Outcome, error) {
					return ff.Submit(ctx, p)
				})}
			}
			body, ct := multipartBody(t, tc.parts)
			rec := postForm(h, "/fr/contact/", ct, body, nil)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %.200s", rec.Code, tc.status, rec.Body.String())
			}
			if tc.status != http.StatusSeeOther {
				if len(ff.got) != 0 {
					t.Fatal("the handler got a refused post")
				}
				return
			}
			if len(ff.got) != 1 {
				t.Fatalf("%d posts handled", len(ff.got))
			}
			p := ff.got[0]
			if p.Value("lastName") != "Peeters" || p.Values.Has("cv") || p.Values.Has("photo") {
				t.Errorf("values %v", p.Values)
			}
			if len(p.Files) != len(tc.want) {
				t.Fatalf("%d files, want %d", len(p.Files), len(tc.want))
			}
			for i, f := range p.Files {
				w := tc.want[i]
				if f.Field != w.Field || f.Name != w.Name || !bytes.Equal(f.Data, w.Data) {
					t.Errorf("file %d: %s %q (%d bytes), want %s %q (%d bytes)", i, f.Field, f.Name, len(f.Data), w.Field, w.Name, len(w.Data))
				}
			}
		})
	}
}

// The job application through LeadForms: the CV is checked by its content
// and stored with the request, typed and named safely; a refused file
// sends the page back with its key.
func TestLeadFormsFiles(t *testing.T) {
	pdf := []byte("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n")
	good := map[string]string{"title": "ms", "firstName": "Ann", "lastName": "Peeters", "email": "ann@example.be",
		"phone": "0471 23 45 67", "motivation": "J'aime l'immobilier.", "position": "Agent"}
	for _, tc := range []struct {
		name  string
		files []lead.File
		want  field.Errors
	}{
		{name: "a good CV", files: []lead.File{{Field: "cv", Name: "../Mijn CV\r\n.pdf", Data: pdf}}},
		{name: "no CV", want: field.Errors{"cv": field.KeyRequired}},
		{name: "an empty CV", files: []lead.File{{Field: "cv", Name: "cv.pdf"}}, want: field.Errors{"cv": field.KeyRequired}},
		{name: "a lying extension", files: []lead.File{{Field: "cv", Name: "cv.pdf", Data: []byte("not a PDF at all")}},
			want: field.Errors{"cv": field.KeyFileType}},
		{name: "a PDF named .docx", files: []lead.File{{Field: "cv", Name: "cv.docx", Data: pdf}},
			want: field.Errors{"cv": field.KeyFileType}},
		{name: "too large", files: []lead.File{{Field: "cv", Name: "cv.pdf", Data: append(pdf, make([]byte, upload.MaxSize)...)}},
			want: field.Errors{"cv": field.KeyFileSize}},
		{name: "a CV in another field does not count", files: []lead.File{{Field: "picture", Name: "cv.pdf", Data: pdf}},
			want: field.Errors{"cv": field.KeyRequired}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &leadtest.Store{}
			ip, _ := lead.NewIPHasher([]byte(strings.Repeat("s", 32)))
			lf := &LeadForms{Gate: &spam.Gate{Requests: &lead.Service{Store: st, IP: ip}, IP: ip}}
			if got := lf.FileFields(string(lead.KindJob)); len(got) != 1 || got[0] != "cv" {
				t.Fatalf("FileFields = %v", got)
			}
			values := map[string][]string{}
			for k, v := range good {
				values[k] = []string{v}
			}
			out, err := lf.Submit(t.Context(), FormPost{Form: string(lead.KindJob), Lang: "fr", Page: "/fr/emplois/",
				Values: values, IP: "192.0.2.1", Files: tc.files})
			if err != nil {
				t.Fatal(err)
			}
			if errs := out.Errors; len(errs) != len(tc.want) || errs["cv"] != tc.want["cv"] {
				t.Fatalf("errors %v, want %v", errs, tc.want)
			}
			if len(tc.want) > 0 {
				if len(st.Rows) != 0 {
					t.Fatal("a refused application is stored")
				}
				return
			}
			if len(st.Rows) != 1 || len(st.Rows[0].Files) != 1 {
				t.Fatalf("stored %+v", st.Rows)
			}
			f := st.Rows[0].Files[0]
			if f.Field != "cv" || f.Name != "Mijn CV.pdf" || f.Type != "application/pdf" || !bytes.Equal(f.Data, pdf) {
				t.Fatalf("stored file %s %q %s %d bytes", f.Field, f.Name, f.Type, len(f.Data))
			}
		})
	}
}

// refusing is a file form that refuses every post for its last name.
type refusing struct{ fileForm }

func (f *refusing) Submit(context.Context, FormPost) (Outcome, error) {
	return Refused(field.Errors{"lastName": field.KeyRequired}), nil
}

// A refused post without JavaScript comes back with its file inputs empty:
// a file that was fine is asked for again; the client's router keeps the
// file in its input, so its answer does not.
func TestFormPostFileAgain(t *testing.T) {
	pdf := []byte("%PDF-1.7\n")
	for _, tc := range []struct {
		name   string
		header map[string]string
		parts  []part
		want   map[string]string
	}{
		{name: "without JavaScript", parts: []part{{name: "cv", file: "cv.pdf", data: pdf}},
			want: map[string]string{"lastName": field.KeyRequired, "cv": field.KeyFileAgain}},
		{name: "without JavaScript, no file sent", parts: []part{{name: "cv", noFileName: true}},
			want: map[string]string{"lastName": field.KeyRequired}},
		{name: "with the router", header: map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"},
			parts: []part{{name: "cv", file: "cv.pdf", data: pdf}}, want: map[string]string{"lastName": field.KeyRequired}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, _, _ := newTestHandler(t, &fakeRenderer{})
			h.forms = Forms{"site-contact": &refusing{}}
			body, ct := multipartBody(t, append([]part{{name: "firstName", data: []byte("Ann")}}, tc.parts...))
			rec := postForm(h, "/fr/contact/", ct, body, tc.header)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d", rec.Code)
			}
			var got map[string]string
			json.Unmarshal(formPageOf(t, rec, tc.header != nil).Props["errors"], &got)
			if !equalMaps(got, tc.want) {
				t.Errorf("errors %v, want %v", got, tc.want)
			}
		})
	}
}
