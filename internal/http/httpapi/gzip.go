package httpapi

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// gzipMin is the smallest answer worth compressing.
const gzipMin = 1024

var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return zw
}}

// gzipped answers with h's response gzipped when the client takes gzip and
// the body is large enough. API answers are small and whole (a page of a
// list at most), so the body is buffered to decide and to send its length.
func gzipped(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Encoding")
		if !acceptsGzip(r) {
			h(w, r)
			return
		}
		b := &bufferedResponse{ResponseWriter: w, status: http.StatusOK}
		h(b, r)
		body := b.body.Bytes()
		if len(body) >= gzipMin && w.Header().Get("Content-Encoding") == "" {
			var z bytes.Buffer
			zw := gzipWriters.Get().(*gzip.Writer)
			zw.Reset(&z)
			zw.Write(body)
			zw.Close()
			gzipWriters.Put(zw)
			body = z.Bytes()
			w.Header().Set("Content-Encoding", "gzip")
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(b.status)
		if r.Method != http.MethodHead {
			w.Write(body)
		}
	}
}

// bufferedResponse keeps the status and body a handler writes.
type bufferedResponse struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (b *bufferedResponse) WriteHeader(status int) { b.status = status }
func (b *bufferedResponse) Write(p []byte) (int, error) {
	return b.body.Write(p)
}

// acceptsGzip tells whether the client takes gzip: named in Accept-Encoding
// and not refused with q=0. (The page handler has its own in web/assets: the
// API depends on no part of the pages.)
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
