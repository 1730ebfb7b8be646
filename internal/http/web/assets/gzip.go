package assets

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// compressible are the text files worth gzipping; pictures and fonts are
// compressed already.
var compressible = map[string]bool{".js": true, ".css": true, ".svg": true, ".json": true, ".map": true}

// gzCache holds each text file gzipped once, on first request.
var gzCache sync.Map // name → []byte (nil when the file does not exist)

// serveGzipped answers r from the gzipped copy when the client takes gzip;
// false leaves the request to the file server.
func serveGzipped(w http.ResponseWriter, r *http.Request) bool {
	name := strings.TrimPrefix(r.URL.Path, "/")
	if !compressible[path.Ext(name)] || !AcceptsGzip(r) {
		return false
	}
	v, ok := gzCache.Load(name)
	if !ok {
		v, _ = gzCache.LoadOrStore(name, gzipFile(name))
	}
	gz := v.([]byte)
	if gz == nil {
		return false
	}
	w.Header().Set("Content-Type", mime.TypeByExtension(path.Ext(name)))
	w.Header().Set("Content-Encoding", "gzip")
	w.Header().Set("Content-Length", strconv.Itoa(len(gz)))
	if r.Method != http.MethodHead {
		w.Write(gz)
	}
	return true
}

func gzipFile(name string) []byte {
	raw, err := fs.ReadFile(FS(), name)
	if err != nil {
		return nil
	}
	return Gzip(raw)
}

// Gzip compresses b at the best level: everything it compresses is served many times.
func Gzip(raw []byte) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(raw)
	zw.Close()
	return b.Bytes()
}

// AcceptsGzip tells whether the client takes gzip.
func AcceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
