package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"immo/internal/domain/field"
	"immo/internal/domain/upload"
	"immo/internal/http/web/respond"
)

// postFormCtx is postForm with the request's context ctx.
func postFormCtx(ctx context.Context, h http.Handler, target, contentType, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req.WithContext(respond.WithNonce(req.Context(), testNonce)))
	return rec
}

// waitFilesQueued waits until n posts wait for room in upload.Files (no
// clock: the test's own timeout bounds it).
func waitFilesQueued(t *testing.T, n int) {
	t.Helper()
	for upload.Files.Waiting() != n {
		if t.Context().Err() != nil {
			t.Fatal("never queued")
		}
		runtime.Gosched()
	}
}

// budgetForm is a form taking a file in "cv" whose handler answers with
// outcome or err, or panics, and notes the room upload.Files had left
// while it ran.
type budgetForm struct {
	fileForm
	outcome  Outcome
	err      error
	panics   bool
	freeSeen int64
}

func (f *budgetForm) Submit(ctx context.Context, p FormPost) (Outcome, error) {
	f.freeSeen = upload.Files.Free()
	if f.panics {
		panic("the handler fails")
	}
	f.fileForm.Submit(ctx, p)
	return f.outcome, f.err
}

// A post's files hold their bytes of upload.Files while its handler runs,
// and give them back once it is answered, however it ends.
func TestFormPostFilesBudgetGivenBack(t *testing.T) {
	pdf := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte("x"), 300_000)...)
	fields := []part{{name: "firstName", data: []byte("Ann")}, {name: "lastName", data: []byte("Peeters")}}
	for _, tc := range []struct {
		name   string
		form   *budgetForm
		parts  []part
		status int
		held   int64 // the bytes held while the handler ran
	}{
		{name: "kept", form: &budgetForm{}, status: 303, held: int64(len(pdf)),
			parts: append(fields, part{name: "cv", file: "cv.pdf", data: pdf})},
		{name: "refused by the handler", form: &budgetForm{outcome: Outcome{Errors: field.Errors{"cv": field.KeyFileSize}}}, status: 422, held: int64(len(pdf)),
			parts: append(fields, part{name: "cv", file: "cv.pdf", data: pdf})},
		{name: "a failure of ours", form: &budgetForm{err: errors.New("database down")}, status: 500, held: int64(len(pdf)),
			parts: append(fields, part{name: "cv", file: "cv.pdf", data: pdf})},
		{name: "a file too large is held cut", form: &budgetForm{}, status: 303, held: upload.MaxSize + 1,
			parts: append(fields, part{name: "cv", file: "big.pdf", data: bytes.Repeat([]byte("x"), upload.MaxSize+300_000)})},
		{name: "fields too large: 413 after the file was spooled", form: &budgetForm{}, status: 413,
			parts: append(fields, part{name: "cv", file: "cv.pdf", data: pdf}, part{name: "remark", data: bytes.Repeat([]byte("x"), MaxFormBytes)})},
		{name: "a body cut short: 400", form: &budgetForm{}, status: 400,
			parts: append(fields, part{name: "cv", file: "cv.pdf", data: pdf})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, _, _ := newTestHandler(t, &fakeRenderer{})
			h.forms = Forms{"site-contact": tc.form}
			body, ct := multipartBody(t, tc.parts)
			if tc.status == http.StatusBadRequest {
				body = body[:len(body)/2] // the connection lost halfway through the file
			}
			rec := postForm(h, "/fr/contact/", ct, body, nil)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %.200s", rec.Code, tc.status, rec.Body.String())
			}
			if tc.held > 0 {
				if got := upload.Files.Size() - tc.form.freeSeen; got != tc.held {
					t.Errorf("the handler ran with %d bytes held, want %d", got, tc.held)
				}
			} else if len(tc.form.got) != 0 {
				t.Fatal("the handler got a refused post")
			}
			if free := upload.Files.Free(); free != upload.Files.Size() {
				t.Errorf("after the answer %d of %d bytes free", free, upload.Files.Size())
			}
		})
	}
}

// A handler that panics gives the room back too.
func TestFormPostFilesBudgetPanic(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	h.forms = Forms{"site-contact": &budgetForm{panics: true}}
	body, ct := multipartBody(t, []part{{name: "cv", file: "cv.pdf", data: []byte("%PDF-1.7\n")}})
	func() {
		defer func() { recover() }() // recovered here or by the handler: the same
		postForm(h, "/fr/contact/", ct, body, nil)
	}()
	if free := upload.Files.Free(); free != upload.Files.Size() {
		t.Errorf("after the panic %d of %d bytes free", free, upload.Files.Size())
	}
}

// Past upload.Files, whoever holds it, a post with files waits its turn
// (its file on disk meanwhile) and goes on once room is given back.
func TestFormPostFilesWaitForRoom(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	form := &budgetForm{}
	h.forms = Forms{"site-contact": form}
	held, _ := upload.Files.Acquire(t.Context(), upload.Files.Size()) // other requests' files
	pdf := []byte("%PDF-1.7\n")
	body, ct := multipartBody(t, []part{{name: "lastName", data: []byte("Peeters")}, {name: "cv", file: "cv.pdf", data: pdf}})
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- postForm(h, "/fr/contact/", ct, body, nil) }()
	waitFilesQueued(t, 1)
	select {
	case <-done:
		t.Fatal("a post went on past the budget")
	default:
	}
	upload.Files.Release(held)
	if rec := <-done; rec.Code != http.StatusSeeOther {
		t.Fatalf("status %d once room was given back", rec.Code)
	}
	if len(form.got) != 1 || !bytes.Equal(form.got[0].Files[0].Data, pdf) {
		t.Fatalf("the handler got %+v", form.got)
	}
	if free := upload.Files.Free(); free != upload.Files.Size() {
		t.Errorf("%d of %d bytes free", free, upload.Files.Size())
	}
}

// A post that waits for room until it gives up (its client gone, or
// fileWait past) gets 503 with Retry-After, its handler never called,
// nothing held; a form without files does not wait at all.
func TestFormPostFilesNoRoom(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	form := &budgetForm{}
	h.forms = Forms{"site-contact": form}
	held, _ := upload.Files.Acquire(t.Context(), upload.Files.Size())
	defer upload.Files.Release(held)
	body, ct := multipartBody(t, []part{{name: "lastName", data: []byte("Peeters")}, {name: "cv", file: "cv.pdf", data: []byte("%PDF-1.7\n")}})
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- postFormCtx(ctx, h, "/fr/contact/", ct, body) }()
	waitFilesQueued(t, 1)
	cancel()
	rec := <-done
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("status %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	if len(form.got) != 0 || upload.Files.Waiting() != 0 || upload.Files.Free() != 0 {
		t.Fatalf("handled %d, waiting %d, free %d", len(form.got), upload.Files.Waiting(), upload.Files.Free())
	}
	// The same post without its file, the budget still spent: not held up.
	body, ct = multipartBody(t, []part{{name: "lastName", data: []byte("Peeters")}})
	if rec := postForm(h, "/fr/contact/", ct, body, nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("a post without files: %d", rec.Code)
	}
	if rec := postForm(h, "/fr/contact/", urlencoded, "lastName=Peeters", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("a form: %d", rec.Code)
	}
}
