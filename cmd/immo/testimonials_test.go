package main

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/storage"
	"immo/internal/domain/altcha"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/testimonial"
	"immo/internal/http/web"
	"immo/internal/tool/apitest"
)

// multipartTestimonial is testimonialPost as a browser sends it with a
// picture: multipart, the file under "picture" named name.
func multipartTestimonial(t testing.TB, extra url.Values, name string, data []byte) (string, map[string]string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, vs := range testimonialPost(extra) {
		for _, v := range vs {
			mw.WriteField(k, v)
		}
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="picture"; filename="`+name+`"`)
	h.Set("Content-Type", "application/octet-stream")
	w, err := mw.CreatePart(h)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	mw.Close()
	return b.String(), map[string]string{"Content-Type": mw.FormDataContentType()}
}

// pngOf is a w×h PNG.
func pngOf(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		img.Set(x, x%h, color.RGBA{200, 30, 30, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// badPicture posts a testimonial with picture data: refused on the
// picture field with key, nothing kept.
func badPicture(t testing.TB, name, page string, data []byte, key string, before func(testing.TB), nothingKept func(testing.TB, *http.Response, string)) apitest.Scenario {
	body, headers := multipartTestimonial(t, nil, "me.png", data)
	headers["X-Inertia"], headers["X-Inertia-Version"] = "true", "v1"
	return apitest.Scenario{Name: name, Method: http.MethodPost, URL: page, Before: before,
		Body: body, Headers: headers, Status: http.StatusUnprocessableEntity,
		Contains: []string{`"picture":"` + key + `"`}, After: nothingKept}
}

// pngBomb is a real PNG of 20000×20000 grey pixels (under 0.5 MB; 400 MB
// once decoded, 1.6 GB as RGBA), written row by row.
func pngBomb(t testing.TB) []byte {
	t.Helper()
	const side = 20000
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(data)))
		out.Write(n[:])
		crc := crc32.NewIEEE()
		crc.Write([]byte(kind))
		crc.Write(data)
		out.WriteString(kind)
		out.Write(data)
		binary.BigEndian.PutUint32(n[:], crc.Sum32())
		out.Write(n[:])
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], side)
	binary.BigEndian.PutUint32(ihdr[4:], side)
	ihdr[8] = 8 // 8 bits, grey (colour type 0)
	chunk("IHDR", ihdr)
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	row := make([]byte, 1+side) // filter 0, then the pixels
	for range side {
		z.Write(row)
	}
	z.Close()
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// jpegWithGPS is a w×h JPEG carrying an EXIF block with a GPS tag, as a
// phone writes it.
func jpegWithGPS(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	var stored bytes.Buffer
	if err := jpeg.Encode(&stored, img, nil); err != nil {
		t.Fatal(err)
	}
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, // big-endian, IFD at 8, one entry
		0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 26, // the GPS IFD pointer
		0, 0, 0, 0}
	seg := append([]byte("Exif\x00\x00"), append(tiff, "GPS-50.6833N-5.8167E"...)...)
	n := len(seg) + 2
	out := append([]byte{0xFF, 0xD8, 0xFF, 0xE1, byte(n >> 8), byte(n)}, seg...)
	return append(out, stored.Bytes()[2:]...)
}

func testimonialPost(extra url.Values) url.Values {
	return withValues(url.Values{"form": {"testimonial"}, "firstName": {"Anne"}, "lastName": {"Lambert"}, "email": {"anne@example.be"},
		"remark": {"Une équipe à l'écoute, une vente en un mois."}, "website": {"https://anne.example.be/"},
		"aboutYou": {"seller"}, altcha.HoneypotField: {""}}, extra)
}

// The testimonial form on the testimonial page, on both databases: a good
// post is a request (the agency's notice, the visitor's confirmation) and
// a pending testimonial, which no page shows until it is approved; each bad
// field is refused with its key and keeps nothing.
func TestTestimonialForm(t *testing.T) {
	for _, db := range databases {
		t.Run(db.Name, func(t *testing.T) { testTestimonialForm(t, newFormSite(t, db.URL(t))) })
	}
}

func testTestimonialForm(t *testing.T, s *formSite) {
	const page = "/fr/temoignages/"
	var before state
	freshDay, nothingKept := s.scenarioDays(time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC), 2, &before)
	noRow := nothingKept
	nothingKept = func(tb testing.TB, res *http.Response, body string) {
		tb.Helper()
		noRow(tb, res, body)
		if pend, _ := s.Store.Testimonials(tb.Context(), testimonial.Query{}); len(pend) != 1 { // the demo's own pending one
			tb.Errorf("pending testimonials: %+v", pend)
		}
	}
	inertia := map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"}
	bad := func(name string, values url.Values, field, key string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: http.MethodPost, URL: page, Before: freshDay, Headers: inertia,
			Form: testimonialPost(values), Status: http.StatusUnprocessableEntity,
			Contains: []string{`"` + field + `":"` + key + `"`, `"name":"testimonial"`}, After: nothingKept}
	}
	comment := "Une équipe à l'écoute, une vente en un mois."
	home := func(tb testing.TB) string {
		tb.Helper()
		_, body := apitest.Scenario{URL: "/fr/", Headers: inertia}.Do(s.Handler)
		return body
	}
	picBody, picHeaders := multipartTestimonial(t, url.Values{"remark": {"Avec photo"}}, "Moi.PNG", pngOf(t, 1200, 900))
	exifBody, exifHeaders := multipartTestimonial(t, url.Values{"remark": {"Photo de téléphone"}}, "IMG_0001.jpg", jpegWithGPS(t, 2400, 1200))
	s.Run(t, []apitest.Scenario{
		bad("no first name", url.Values{"firstName": {" "}}, "firstName", field.KeyRequired),
		bad("no last name", url.Values{"lastName": {""}}, "lastName", field.KeyRequired),
		bad("no email", url.Values{"email": {""}}, "email", field.KeyRequired),
		bad("a bad email", url.Values{"email": {"anne@"}}, "email", field.KeyEmail),
		bad("no comment", url.Values{"remark": {"  "}}, "remark", field.KeyRequired),
		bad("a comment too long", url.Values{"remark": {strings.Repeat("é", field.MaxRemark+1)}}, "remark", field.KeyTooLong),
		bad("a website without http", url.Values{"website": {"www.example.be"}}, "website", field.KeyURL),
		bad("a javascript: website", url.Values{"website": {"javascript:alert(1)"}}, "website", field.KeyURL),
		bad("a website too long", url.Values{"website": {"https://example.be/" + strings.Repeat("a", 200)}}, "website", field.KeyTooLong),
		bad("about you not offered", url.Values{"aboutYou": {"owner"}}, "aboutYou", field.KeyChoice),
		func() apitest.Scenario {
			body, headers := multipartTestimonial(t, nil, "me.jpg", []byte("%PDF-1.7 not a picture"))
			headers["X-Inertia"], headers["X-Inertia-Version"] = "true", "v1"
			return apitest.Scenario{Name: "a picture that is not one", Method: http.MethodPost, URL: page, Before: freshDay,
				Body: body, Headers: headers, Status: http.StatusUnprocessableEntity,
				Contains: []string{`"picture":"` + field.KeyFileType + `"`}, After: nothingKept}
		}(),
		badPicture(t, "a 20000×20000 PNG (a decompression bomb)", page, pngBomb(t), field.KeyPictureSize, freshDay, nothingKept),
		badPicture(t, "a truncated PNG", page, pngOf(t, 300, 200)[:400], field.KeyPictureBroken, freshDay, nothingKept),
		{
			Name: "a phone's photo: the agency's notice attaches it re-encoded, without its EXIF and GPS position", Method: http.MethodPost,
			URL: page, Before: freshDay, Status: http.StatusSeeOther, Body: exifBody, Headers: exifHeaders,
			After: func(tb testing.TB, _ *http.Response, _ string) {
				s.state(tb)
				var attached [][]byte
				for _, m := range s.Delivered(tb, before.mails, 2) {
					for _, data := range attachments(tb, m) {
						attached = append(attached, data)
					}
				}
				if len(attached) != 1 {
					tb.Fatalf("%d attachments, want the notice's one", len(attached))
				}
				cfg, format, err := image.DecodeConfig(bytes.NewReader(attached[0]))
				if err != nil || format != "jpeg" || cfg.Width != 1600 || cfg.Height != 800 {
					tb.Fatalf("attached %s %dx%d %v, want a 1600x800 JPEG", format, cfg.Width, cfg.Height, err)
				}
				if bytes.Contains(attached[0], []byte("Exif")) || bytes.Contains(attached[0], []byte("GPS-50.6833N")) {
					tb.Fatal("the attachment keeps the original's metadata")
				}
				pend, _ := s.Store.Testimonials(tb.Context(), testimonial.Query{})
				for _, x := range pend {
					if x.Comment == "Photo de téléphone" {
						s.Store.DeleteTestimonial(tb.Context(), x.ID) // the next scenarios count the pending ones
					}
				}
			},
		},
		{
			Name: "a picture, shrunk, served once approved at its signed address only", Method: http.MethodPost, URL: page, Before: freshDay,
			Status: http.StatusSeeOther, Header: map[string]string{"Location": "/fr/merci/temoignage/#main"},
			Body: picBody, Headers: picHeaders,
			After: func(tb testing.TB, _ *http.Response, _ string) {
				ctx := tb.Context()
				s.state(tb)
				var got testimonial.Testimonial
				pend, _ := s.Store.Testimonials(ctx, testimonial.Query{})
				for _, x := range pend {
					if x.Comment == "Avec photo" {
						got = x
					}
				}
				if got.ID == 0 || got.Picture != s.Pictures.URL(got.ID) {
					tb.Fatalf("pending %+v, want the picture at %s", pend, s.Pictures.URL(got.ID))
				}
				r, _, err := s.Requests.Get(ctx, got.RequestID)
				if err != nil || len(r.Files) != 1 || r.Files[0].Type != "image/jpeg" || r.Files[0].Name != "Moi.jpg" {
					tb.Fatalf("the request's files %+v %v", r.Files, err)
				}
				cfg, err := jpeg.DecodeConfig(bytes.NewReader(r.Files[0].Data))
				if err != nil || cfg.Width != testimonial.PictureSide || cfg.Height != 300 {
					tb.Fatalf("stored picture %dx%d %v, want %dx300", cfg.Width, cfg.Height, err, testimonial.PictureSide)
				}
				h := &web.TestimonialPictures{Signer: s.Pictures, Store: s.Store}
				mux := http.NewServeMux()
				mux.Handle(h.Pattern(), h)
				get := func(path string) (int, string) {
					rec := httptest.NewRecorder()
					mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
					return rec.Code, rec.Header().Get("Content-Type")
				}
				if code, _ := get(got.Picture); code != http.StatusNotFound {
					tb.Errorf("a pending testimonial's picture: %d", code)
				}
				if err := s.Store.SetTestimonialApproved(ctx, got.ID, true); err != nil {
					tb.Fatal(err)
				}
				if code, ct := get(got.Picture); code != http.StatusOK || ct != "image/jpeg" {
					tb.Errorf("the approved picture: %d %s", code, ct)
				}
				other := strconv.FormatInt(got.ID, 10) + "-" + strings.Repeat("0", 32) + ".jpg"
				for _, bad := range []string{testimonial.PicturePath + other, testimonial.PicturePath + strconv.FormatInt(got.ID, 10) + ".jpg",
					s.Pictures.URL(got.ID + 1), strings.TrimSuffix(got.Picture, ".jpg") + ".png"} {
					if code, _ := get(bad); code != http.StatusNotFound {
						tb.Errorf("%s: %d", bad, code)
					}
				}
				if err := s.Store.DeleteTestimonial(ctx, got.ID); err != nil {
					tb.Fatal(err)
				}
				if code, _ := get(got.Picture); code != http.StatusNotFound {
					tb.Errorf("a rejected testimonial's picture: %d", code)
				}
			},
		},
		{
			Name: "a good testimonial, without JavaScript", Method: http.MethodPost, URL: page, Before: freshDay,
			Form: testimonialPost(url.Values{"lastName": {"lambert"}}), Status: http.StatusSeeOther,
			Header: map[string]string{"Location": "/fr/merci/temoignage/#main"},
			After: func(tb testing.TB, _ *http.Response, _ string) {
				ctx := tb.Context()
				after := s.state(tb)
				if after.requests != before.requests+1 {
					tb.Fatalf("requests %d → %d", before.requests, after.requests)
				}
				id := int64(after.requests)
				r, _, err := s.Requests.Get(ctx, id)
				if err != nil || r.Kind != lead.KindTestimonial || r.Lang != "fr" || r.Fields["website"] != "https://anne.example.be/" || r.Fields["aboutYou"] != "seller" {
					tb.Fatalf("request %+v %v", r, err)
				}
				pend, _ := s.Store.Testimonials(ctx, testimonial.Query{})
				var got testimonial.Testimonial
				for _, x := range pend {
					if x.RequestID == id {
						got = x
					}
				}
				if len(pend) != 2 || got.Name != "Anne L." || got.Comment != comment || got.Website != "https://anne.example.be/" ||
					got.About != "seller" || got.Lang != "fr" || got.Approved {
					tb.Fatalf("pending %+v", pend)
				}
				for _, m := range s.Delivered(tb, before.mails, 2) {
					to, _ := mail.ParseAddress(m.Header.Get("To"))
					if to == nil || (to.Address != "info@immo-arlon.be" && to.Address != "anne@example.be") {
						tb.Errorf("a mail to %q", m.Header.Get("To"))
					}
					if strings.Contains(m.Header.Get("Bcc"), "victim") {
						tb.Error("a visitor's text made a header")
					}
				}
				// Pending: on no page.
				if _, err := s.Testimonials.Refresh(ctx); err != nil {
					tb.Fatal(err)
				}
				_, body := apitest.Scenario{URL: page, Headers: inertia}.Do(s.Handler)
				if strings.Contains(home(tb), "une vente en un mois") || strings.Contains(body, "une vente en un mois") {
					tb.Fatal("a pending testimonial is shown")
				}
				// Approved (what `immo testimonials approve` does): shown once the
				// servers reload on the version change, with its website.
				if err := s.Store.SetTestimonialApproved(ctx, got.ID, true); err != nil {
					tb.Fatal(err)
				}
				if changed, err := s.Testimonials.Refresh(ctx); err != nil || !changed {
					tb.Fatalf("refresh: %v %v", changed, err)
				}
				_, body = apitest.Scenario{URL: page, Headers: inertia}.Do(s.Handler)
				for _, b := range []string{home(tb), body} {
					if !strings.Contains(b, "une vente en un mois") || !strings.Contains(b, `"website":"https://anne.example.be/"`) {
						tb.Errorf("the approved testimonial is not shown:\n%.2000s", b)
					}
				}
			},
		},
	})
}

// immo testimonials: list (all or pending), approve, reject.
func TestTestimonialsCommand(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	ctx := context.Background()
	dir := t.TempDir()
	store, err := storage.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	shown, _ := store.AddTestimonial(ctx, testimonial.Testimonial{Name: "Jan V.", Comment: "Heel goed", Lang: "nl", Approved: true, CreatedAt: day})
	waiting, _ := store.AddTestimonial(ctx, testimonial.Testimonial{Name: "Anne L.", Comment: "Très bien", About: "buyer", Lang: "fr", CreatedAt: day.Add(time.Hour)})
	spam, _ := store.AddTestimonial(ctx, testimonial.Testimonial{Name: "Spam", Comment: "Buy now", CreatedAt: day.Add(2 * time.Hour)})
	store.Close()

	cli := func(args ...string) (string, error) {
		out := captureStdout(t)
		err := run(ctx, append([]string{"testimonials", "--data-dir", dir}, args...))
		return out.String(), err
	}
	out, err := cli("list")
	if err != nil || !inOrder(out, "STATE", "Spam", "pending", "Anne L.", "approved", "Jan V.") {
		t.Fatalf("list: %v\n%s", err, out)
	}
	out, _ = cli("list", "--pending")
	if strings.Contains(out, "Jan V.") || !strings.Contains(out, "Anne L.") || !strings.Contains(out, "Spam") {
		t.Fatalf("list --pending:\n%s", out)
	}
	if out, err = cli("approve", strconv.FormatInt(waiting, 10)); err != nil || !strings.Contains(out, "approved") {
		t.Fatalf("approve: %v %s", err, out)
	}
	if out, err = cli("reject", strconv.FormatInt(spam, 10)); err != nil || !strings.Contains(out, "deleted") {
		t.Fatalf("reject: %v %s", err, out)
	}
	out, _ = cli("list", "--pending")
	if !strings.Contains(out, "no testimonial waiting") {
		t.Fatalf("none pending after approve and reject:\n%s", out)
	}
	out, _ = cli("list")
	if strings.Contains(out, "Spam") || strings.Count(out, "approved") != 2 {
		t.Fatalf("list after:\n%s", out)
	}
	for _, args := range [][]string{{}, {"approve"}, {"approve", "x"}, {"approve", "0"}, {"reject", "424242"}, {"frob"}, {"list", "x"}} {
		if _, err := cli(args...); err == nil {
			t.Errorf("testimonials %v: no error", args)
		}
	}
	if _, err := cli("approve", strconv.FormatInt(shown, 10)); err != nil {
		t.Errorf("approving an approved one is fine: %v", err)
	}
}

// inOrder tells whether s holds every want, in that order.
func inOrder(s string, want ...string) bool {
	for _, w := range want {
		i := strings.Index(s, w)
		if i < 0 {
			return false
		}
		s = s[i+len(w):]
	}
	return true
}
