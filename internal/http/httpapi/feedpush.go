package httpapi

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"hash"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"immo/internal/adapter/importer"
	"immo/internal/domain/catalog"
	"immo/internal/domain/errs"
	"immo/internal/domain/feed"
)

// FeedPush is what the CRM's pushes need of the feeds (issue #33,
// docs/CRM.md): each feed and its push token (feed.Service), and the
// runs (feedsync.Runner), on the server's clock (a signature's window).
type FeedPush interface {
	// Feed is feed id; errs.NotFound when there is none.
	Feed(ctx context.Context, id int64) (feed.Feed, error)
	// PushKey is f's push token, opened.
	PushKey(f feed.Feed) (string, error)
	// Push applies a whole file, Upsert one property record, Remove takes
	// one property offline: each under the feed's lease (an errs.Conflict
	// when another run holds it), recorded as a run.
	Push(ctx context.Context, id int64, body io.Reader) (feed.Run, error)
	Upsert(ctx context.Context, id, property int64, raw []byte) (feed.Run, error)
	Remove(ctx context.Context, id, property int64) (feed.Run, error)
	Clock() time.Time
}

// FeedPushAPI serves the doors a CRM pushes through:
//
//	POST   /api/feed/{feed}                   the whole file (the format of `immo import`)
//	PUT    /api/feed/{feed}/properties/{id}   one property record, added or replaced
//	DELETE /api/feed/{feed}/properties/{id}   one property taken offline
//
// A request proves it holds the feed's push token by Authorization:
// Bearer <token>, checked before its body is read, or by X-Immo-Timestamp
// and X-Immo-Signature (feed.Signer over the exact body, feed.SignatureFresh), the
// timestamp checked before the body is read; both compared in constant
// time. No token in the address: a request carrying one (?token=) is
// refused. An unknown feed and a wrong proof answer the same 401. A
// paused feed refuses pushes (409) until an admin resumes it.
//
// The answer is the run's report (PushReport): 200 applied or unchanged,
// 202 held by the guard (an admin applies or discards it), 422 refused
// (nothing applied: the problems, or why). 409 another run holds the feed
// (Retry-After) or it is paused; 413 a body past its bound (feed.MaxBody
// for a file, importer.MaxRecord for a record).
type FeedPushAPI struct {
	Feeds FeedPush
	Log   *slog.Logger
}

// maxDeleteBody bounds a DELETE's body, which is empty (a signature signs
// the empty body).
const maxDeleteBody = 4 << 10

// pushRetryAfter is what a push finding its feed busy is told to wait, in
// seconds.
const pushRetryAfter = "10"

// PushReport is what a push answers: the run it made and what it did.
type PushReport struct {
	Run            int64          `json:"run"`
	Status         feed.Status    `json:"status"`
	Types          int            `json:"types"`
	Properties     feed.Counts    `json:"properties"`
	Projects       feed.Counts    `json:"projects"`
	Problems       []feed.Problem `json:"problems"`
	MoreProblems   int            `json:"moreProblems,omitempty"`
	CatalogVersion int64          `json:"catalogVersion,omitempty"`
	// Error says why nothing was applied (refused, held), in English.
	Error string `json:"error,omitempty"`
}

// Register adds the push's routes to mux.
func (p *FeedPushAPI) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/feed/{feed}", p.push)
	mux.HandleFunc("PUT /api/feed/{feed}/properties/{id}", p.upsert)
	mux.HandleFunc("DELETE /api/feed/{feed}/properties/{id}", p.remove)
	mux.HandleFunc("/api/feed/{feed}", notAllowed("POST"))
	mux.HandleFunc("/api/feed/{feed}/properties/{id}", notAllowed("PUT, DELETE"))
}

func (p *FeedPushAPI) push(w http.ResponseWriter, r *http.Request) {
	p.serve(w, r, false, feed.MaxBody, func(ctx context.Context, f feed.Feed, _ int64, body pushBody) (feed.Run, error) {
		return p.Feeds.Push(ctx, f.ID, body.reader())
	})
}

func (p *FeedPushAPI) upsert(w http.ResponseWriter, r *http.Request) {
	p.serve(w, r, true, importer.MaxRecord, func(ctx context.Context, f feed.Feed, id int64, body pushBody) (feed.Run, error) {
		raw, err := body.bytes(importer.MaxRecord)
		if err != nil {
			return feed.Run{}, err
		}
		return p.Feeds.Upsert(ctx, f.ID, id, raw)
	})
}

func (p *FeedPushAPI) remove(w http.ResponseWriter, r *http.Request) {
	p.serve(w, r, true, maxDeleteBody, func(ctx context.Context, f feed.Feed, id int64, _ pushBody) (feed.Run, error) {
		return p.Feeds.Remove(ctx, f.ID, id)
	})
}

// errTooLarge is a body past its bound: 413.
var errTooLarge = errors.New("the body is larger than allowed")

// serve authenticates a push to the feed of its address (one property's
// when property), bounds its body by limit and runs do.
func (p *FeedPushAPI) serve(w http.ResponseWriter, r *http.Request, property bool, limit int64,
	do func(ctx context.Context, f feed.Feed, id int64, body pushBody) (feed.Run, error)) {
	ctx := r.Context()
	feedID, ok := catalog.ParseID(r.PathValue("feed"))
	var id int64
	if ok && property {
		id, ok = catalog.ParseID(r.PathValue("id"))
	}
	if !ok {
		pushError(w, http.StatusNotFound, errs.NotFound, "no such feed or property: the numbers are positive whole numbers")
		return
	}
	q := r.URL.Query()
	if q.Has("token") || q.Has("access_token") || q.Has("key") {
		unauthorized(w, "the push token goes in the Authorization header (or signs the body), never in the address")
		return
	}
	f, err := p.Feeds.Feed(ctx, feedID)
	known := err == nil
	if e, ok := errs.As(err); err != nil && (!ok || e.Code != errs.NotFound) {
		p.fail(w, r, err)
		return
	}
	key := ""
	if known {
		if key, err = p.Feeds.PushKey(f); err != nil {
			p.fail(w, r, err)
			return
		}
	}
	body := pushBody{r: r.Body}
	switch {
	case r.Header.Get("Authorization") != "":
		scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, "Bearer") || !feed.TokenMatches(key, strings.TrimSpace(token)) || !known {
			unauthorized(w, "wrong push token, or no such feed")
			return
		}
		if r.ContentLength > limit {
			tooLarge(w, limit)
			return
		}
		body.r = &capped{r: http.MaxBytesReader(w, r.Body, limit)}
	case r.Header.Get("X-Immo-Signature") != "":
		ts, sig := r.Header.Get("X-Immo-Timestamp"), r.Header.Get("X-Immo-Signature")
		now := p.Feeds.Clock()
		if !feed.SignatureFresh(ts, now) {
			unauthorized(w, "the signature's timestamp is missing or more than "+feed.SignatureSkew.String()+" from the server's clock")
			return
		}
		if r.ContentLength > limit {
			tooLarge(w, limit)
			return
		}
		if !known { // the same work as a known feed's: the answer's time says nothing of which feeds exist
			dummy := make([]byte, 32)
			rand.Read(dummy)
			key = hex.EncodeToString(dummy)
		}
		signed, err := readSigned(http.MaxBytesReader(w, r.Body, limit), feed.Signer(key, ts, r.Method, r.URL.Path), property)
		if signed.file != nil {
			defer signed.file.Close()
		}
		if _, over := errors.AsType[*http.MaxBytesError](err); over {
			tooLarge(w, limit)
			return
		}
		if err != nil {
			pushError(w, http.StatusBadRequest, errs.Invalid, "the body could not be read")
			return
		}
		if !known || !hmac.Equal([]byte(signed.sig), []byte(sig)) {
			unauthorized(w, "wrong signature, or no such feed")
			return
		}
		body = signed
	default:
		unauthorized(w, "a push needs Authorization: Bearer <push token>, or X-Immo-Timestamp and X-Immo-Signature")
		return
	}
	if f.Paused {
		pushError(w, http.StatusConflict, errs.Conflict, "the feed is paused: an admin resumes it in the inbox; nothing was applied")
		return
	}
	run, err := do(ctx, f, id, body)
	if _, over := errors.AsType[*http.MaxBytesError](err); over || errors.Is(err, errTooLarge) || body.over() {
		tooLarge(w, limit)
		return
	}
	if e, ok := errs.As(err); ok && e.Code == errs.Conflict {
		w.Header().Set("Retry-After", pushRetryAfter)
		pushError(w, http.StatusConflict, errs.Conflict, e.Message+": try again later")
		return
	}
	if err != nil {
		p.fail(w, r, err)
		return
	}
	status := http.StatusOK
	switch run.Status {
	case feed.StatusHeld:
		status = http.StatusAccepted
	case feed.StatusFailed:
		if run.ErrorKey == "" && len(run.Problems) == 0 { // not the push's fault: the store's
			p.fail(w, r, errors.New(run.Error))
			return
		}
		status = http.StatusUnprocessableEntity
	}
	JSON(w, status, reportOf(run))
}

func reportOf(run feed.Run) PushReport {
	rep := PushReport{Run: run.ID, Status: run.Status, Types: run.Types, Properties: run.Properties, Projects: run.Projects,
		Problems: run.Problems, MoreProblems: run.MoreProblems, CatalogVersion: run.CatalogVersion}
	if rep.Problems == nil {
		rep.Problems = []feed.Problem{}
	}
	if run.Status == feed.StatusFailed || run.Status == feed.StatusHeld {
		rep.Error = run.Error
	}
	return rep
}

// pushBody is a push's body: the request's own (Bearer), or read and
// signed already, in memory (a record) or in a temporary file (a file).
type pushBody struct {
	r    io.Reader
	data []byte
	file *os.File
	sig  string // the body's signature under the feed's key
	read bool
}

func (b pushBody) reader() io.Reader {
	switch {
	case b.file != nil:
		return b.file
	case b.read:
		return bytes.NewReader(b.data)
	}
	return b.r
}

// bytes is the body, at most limit bytes (errTooLarge beyond).
func (b pushBody) bytes(limit int64) ([]byte, error) {
	if b.read {
		return b.data, nil
	}
	data, err := io.ReadAll(io.LimitReader(b.r, limit+1))
	if int64(len(data)) > limit {
		return nil, errTooLarge
	}
	return data, err
}

// over tells whether the request's body went past its bound while a run
// read it (the run then failed on it).
func (b pushBody) over() bool {
	c, ok := b.r.(*capped)
	return ok && c.hit
}

// capped is a bounded body (http.MaxBytesReader) that remembers it went
// past its bound.
type capped struct {
	r   io.Reader
	hit bool
}

func (c *capped) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if _, over := errors.AsType[*http.MaxBytesError](err); over {
		c.hit = true
	}
	return n, err
}

// readSigned reads body, in memory (inMemory) or into a temporary file
// (unlinked at once: gone once closed), signing it with m
// (feed.Signer: the request's signature as it is read).
func readSigned(body io.Reader, m hash.Hash, inMemory bool) (pushBody, error) {
	out := pushBody{read: true}
	if inMemory {
		data, err := io.ReadAll(body)
		if err != nil {
			return out, err
		}
		m.Write(data)
		out.data, out.sig = data, "sha256="+hex.EncodeToString(m.Sum(nil))
		return out, nil
	}
	tmp, err := os.CreateTemp("", "immo-push-*")
	if err != nil {
		return out, err
	}
	os.Remove(tmp.Name())
	out.file = tmp
	if _, err := io.Copy(io.MultiWriter(tmp, m), body); err != nil {
		return out, err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return out, err
	}
	out.sig = "sha256=" + hex.EncodeToString(m.Sum(nil))
	return out, nil
}

func (p *FeedPushAPI) fail(w http.ResponseWriter, r *http.Request, err error) {
	e, ok := errs.As(err)
	if !ok || e.Code == errs.Internal {
		p.Log.Error("feed push failed", "method", r.Method, "path", r.URL.Path, "err", err)
		pushError(w, http.StatusInternalServerError, errs.Internal, "the push could not be applied: an error on our side (logged); try again later")
		return
	}
	pushError(w, statusOf[e.Code], e.Code, e.Error())
}

// pushError answers a push's failure in the API's error shape, in English
// (the reader is a CRM).
func pushError(w http.ResponseWriter, status int, code, message string) {
	var body ErrorBody
	body.Error.Code, body.Error.Message = code, message
	JSON(w, status, body)
}

func unauthorized(w http.ResponseWriter, message string) {
	w.Header().Set("WWW-Authenticate", `Bearer realm="immo feed push"`)
	pushError(w, http.StatusUnauthorized, "unauthorized", message)
}

func tooLarge(w http.ResponseWriter, limit int64) {
	w.Header().Set("Connection", "close")
	pushError(w, http.StatusRequestEntityTooLarge, "too_large", "the body is larger than "+strconv.FormatInt(limit, 10)+" bytes")
}

// notAllowed answers another method on a push's path: 405 with Allow.
func notAllowed(allow string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allow)
		pushError(w, http.StatusMethodNotAllowed, "method_not_allowed", r.Method+" is not allowed here: use "+allow)
	}
}
