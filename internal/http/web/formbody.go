package web

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"

	"immo/internal/domain/lead"
	"immo/internal/domain/upload"
)

// readForm reads the body: a URL-encoded or multipart form (a browser
// without JavaScript) or a JSON object (the client's router) of strings,
// numbers, booleans or lists of them. status is 413 past the body's bound,
// 415 for another type, 400 for a body that does not parse.
//
// uploads are the file fields the page's forms take (FileFields): a
// multipart post's files in them are read, each up to upload.MaxSize+1
// bytes (more is cut there and the rest skipped, so validation says "too
// large" in the visitor's language rather than the post failing), and its
// bound is raised by uploadAllowance per field; any other file is skipped.
// The bound of everything but files stays MaxFormBytes. The files' memory
// is reserved until the request ends (readFiles; a post with files is
// read by readFiles, which gives it back sooner).
func readForm(w http.ResponseWriter, r *http.Request, uploads []string) (url.Values, []lead.File, int) {
	values, files, release, status := readFiles(w, r, uploads)
	if len(files) > 0 {
		context.AfterFunc(r.Context(), release)
	}
	return values, files, status
}

// readFiles is readForm, the files' memory given back by release (always
// set; call it once the files are no longer used). A file is written to a
// temporary file as it arrives (spool), so a slow or stalled upload holds
// disk, not memory; once the whole body is in, the files are read into
// memory within upload.Files, the bytes of visitors' files the server
// holds at once, all its requests together: past it the post waits for
// its turn, at most fileWait, then gets 503 (Retry-After).
func readFiles(w http.ResponseWriter, r *http.Request, uploads []string) (url.Values, []lead.File, func(), int) {
	values, spooled, status := readBody(w, r, uploads)
	defer closeAll(spooled)
	if status != 0 {
		return nil, nil, func() {}, status
	}
	files, release, err := loadFiles(r.Context(), spooled)
	if err != nil {
		w.Header().Set("Retry-After", "10")
		return nil, nil, func() {}, http.StatusServiceUnavailable
	}
	return values, files, release, 0
}

// fileWait bounds the wait of a post's files for room in upload.Files.
const fileWait = 10 * time.Second

// loadFiles reads the spooled files into memory once upload.Files has
// room for them all (waiting at most fileWait, or until ctx ends). release
// gives the room back, once.
func loadFiles(ctx context.Context, spooled []spooledFile) ([]lead.File, func(), error) {
	if len(spooled) == 0 {
		return nil, func() {}, nil
	}
	var total int64
	for _, f := range spooled {
		total += f.size
	}
	ctx, cancel := context.WithTimeout(ctx, fileWait)
	defer cancel()
	held, err := upload.Files.Acquire(ctx, total)
	if err != nil {
		return nil, nil, err
	}
	var once sync.Once
	release := func() { once.Do(func() { upload.Files.Release(held) }) }
	files := make([]lead.File, 0, len(spooled))
	for _, f := range spooled {
		data := make([]byte, f.size)
		if f.size > 0 {
			if _, err := f.file.ReadAt(data, 0); err != nil {
				release()
				return nil, nil, err
			}
		}
		files = append(files, lead.File{Field: f.field, Name: f.name, Data: data})
	}
	return files, release, nil
}

// spooledFile is a posted file kept in a temporary file while the body
// arrives.
type spooledFile struct {
	field, name string
	file        *os.File // nil: an empty file
	size        int64
}

func closeAll(files []spooledFile) {
	for _, f := range files {
		if f.file != nil {
			f.file.Close()
			os.Remove(f.file.Name()) // already gone where a file open can be removed (see spool)
		}
	}
}

// readBody reads the body (readForm); a multipart post's files are
// spooled: the caller closes them (closeAll), whatever the status.
func readBody(w http.ResponseWriter, r *http.Request, uploads []string) (url.Values, []spooledFile, int) {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	bound := int64(MaxFormBytes)
	if ct == "multipart/form-data" {
		bound += int64(len(uploads)) * uploadAllowance
	}
	r.Body = http.MaxBytesReader(w, r.Body, bound)
	fail := func(err error) (url.Values, []spooledFile, int) {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return nil, nil, http.StatusRequestEntityTooLarge
		}
		return nil, nil, http.StatusBadRequest
	}
	switch ct {
	case "application/x-www-form-urlencoded":
		if err := r.ParseForm(); err != nil {
			return fail(err)
		}
		return r.PostForm, nil, 0
	case "multipart/form-data":
		values, files, err := readMultipart(r, uploads)
		if err != nil {
			closeAll(files)
			return fail(err)
		}
		return values, files, 0
	case "application/json":
		var raw map[string]any
		dec := json.NewDecoder(r.Body)
		dec.UseNumber()
		if err := dec.Decode(&raw); err != nil {
			return fail(err)
		}
		v := url.Values{}
		for k, x := range raw {
			list, ok := x.([]any)
			if !ok {
				list = []any{x}
			}
			for _, e := range list {
				s, ok := scalar(e)
				if !ok {
					return nil, nil, http.StatusBadRequest
				}
				v.Add(k, s)
			}
		}
		return v, nil, 0
	}
	return nil, nil, http.StatusUnsupportedMediaType
}

// uploadAllowance is what one file field adds to a multipart post's bound:
// a file too large is read through (its first upload.MaxSize+1 bytes kept,
// the rest discarded, so memory stays bounded) and refused with a message
// in the visitor's language, the values typed kept. A body past even this
// bound stops being read there: the file counts as too large all the same,
// and the fields after it in the form are missing.
const uploadAllowance = 64 << 20

// errFormTooLarge is a multipart post whose fields (not files) exceed
// MaxFormBytes: answered 413 like any oversized form.
var errFormTooLarge = &http.MaxBytesError{Limit: MaxFormBytes}

// readMultipart reads a multipart body part by part: the fields as values
// (at most MaxFormBytes together), the first file of each upload field
// (up to upload.MaxSize+1 bytes, spooled, the rest skipped), nothing else
// kept. The files come back with an error too: the caller closes them.
func readMultipart(r *http.Request, uploads []string) (url.Values, []spooledFile, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, nil, err
	}
	values := url.Values{}
	var files []spooledFile
	left := int64(MaxFormBytes)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return values, files, nil
		}
		if err != nil {
			return nil, files, err
		}
		name := part.FormName()
		if name == "" {
			part.Close()
			continue
		}
		if isFilePart(part) {
			f, err := readFile(part, name, uploads, files)
			if f != nil {
				files = append(files, *f)
			}
			if _, over := errors.AsType[*http.MaxBytesError](err); over && f != nil && f.size > upload.MaxSize {
				// The body's bound reached inside a file far too large: what
				// was read answers (the file refused as too large).
				return values, files, nil
			}
			if err != nil {
				return nil, files, err
			}
			continue
		}
		b, err := io.ReadAll(io.LimitReader(part, left+1))
		if err != nil {
			return nil, files, err
		}
		if left -= int64(len(b)); left < 0 {
			return nil, files, errFormTooLarge
		}
		values.Add(name, string(b))
	}
}

// isFilePart tells a file input's part (a filename parameter, empty when
// no file was chosen) from a field's.
func isFilePart(part *multipart.Part) bool {
	_, params, err := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
	_, named := params["filename"]
	return err == nil && named || part.FileName() != ""
}

// readFile spools one file part: nil when its field takes no file,
// already has one, or nothing was chosen (a file input left empty posts an
// empty part without a name). A file is returned with an error too (the
// caller closes it).
func readFile(part *multipart.Part, name string, uploads []string, have []spooledFile) (*spooledFile, error) {
	defer part.Close()
	if !slices.Contains(uploads, name) || slices.ContainsFunc(have, func(f spooledFile) bool { return f.field == name }) {
		_, err := io.Copy(io.Discard, part)
		return nil, err
	}
	f := &spooledFile{field: name, name: part.FileName()}
	var err error
	if f.file, err = spool(); err != nil {
		return nil, err
	}
	f.size, err = io.Copy(f.file, io.LimitReader(part, upload.MaxSize+1))
	if err != nil {
		return f, err
	}
	if _, err := io.Copy(io.Discard, part); err != nil { // past the limit: read to the end, kept nowhere
		return f, err
	}
	if f.size == 0 && f.name == "" {
		closeAll([]spooledFile{*f})
		return nil, nil
	}
	return f, nil
}

// spool is a new temporary file for a posted file, in os.TempDir (TMPDIR:
// it must be on a disk, not in memory), removed at once where an open
// file can be (its name never lingers after a crash); closeAll removes it
// elsewhere.
func spool() (*os.File, error) {
	f, err := os.CreateTemp("", "immo-upload-*")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name()) //nolint:errcheck // Windows: removed once closed (closeAll)
	return f, nil
}

func scalar(x any) (string, bool) {
	switch x := x.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	case nil:
		return "", true
	}
	return "", false
}

// ReadForm reads the post of another edge's page (the inbox's, package
// admin) as the site's own forms are read: refused from another site (403,
// crossOrigin), bounded (413), form-encoded or JSON, no file. status ≠ 0:
// refused with it.
func ReadForm(w http.ResponseWriter, r *http.Request) (url.Values, int) {
	if err := crossOrigin.Check(r); err != nil {
		return nil, http.StatusForbidden
	}
	values, _, status := readForm(w, r, nil)
	return values, status
}

// ReadFormFiles is ReadForm for a form with files (the inbox's picture
// library): the first file of each field of uploads read as a visitor's
// is (readFiles: spooled, each up to upload.MaxSize+1 bytes, their memory
// within upload.Files until release, which the caller calls once done).
func ReadFormFiles(w http.ResponseWriter, r *http.Request, uploads []string) (url.Values, []lead.File, func(), int) {
	if err := crossOrigin.Check(r); err != nil {
		return nil, nil, func() {}, http.StatusForbidden
	}
	return readFiles(w, r, uploads)
}

// RemoteIP is the sender's address as the connection gives it (the
// server's front put a trusted proxy's client there).
func RemoteIP(r *http.Request) string { return remoteIP(r) }

// remoteIP is the sender's address as the connection gives it.
func remoteIP(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}
