package web

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"immo/internal/lead"
	"immo/internal/upload"
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
// The bound of everything but files stays MaxFormBytes.
func readForm(w http.ResponseWriter, r *http.Request, uploads []string) (url.Values, []lead.File, int) {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	bound := int64(MaxFormBytes)
	if ct == "multipart/form-data" {
		bound += int64(len(uploads)) * uploadAllowance
	}
	r.Body = http.MaxBytesReader(w, r.Body, bound)
	fail := func(err error) (url.Values, []lead.File, int) {
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
// (up to upload.MaxSize+1 bytes, the rest skipped), nothing else kept.
func readMultipart(r *http.Request, uploads []string) (url.Values, []lead.File, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, nil, err
	}
	values := url.Values{}
	var files []lead.File
	left := int64(MaxFormBytes)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return values, files, nil
		}
		if err != nil {
			return nil, nil, err
		}
		name := part.FormName()
		if name == "" {
			part.Close()
			continue
		}
		if isFilePart(part) {
			f, err := readFile(part, name, uploads, files)
			if _, over := errors.AsType[*http.MaxBytesError](err); over && f != nil && len(f.Data) > upload.MaxSize {
				// The body's bound reached inside a file far too large: what
				// was read answers (the file refused as too large).
				return values, append(files, *f), nil
			}
			if err != nil {
				return nil, nil, err
			}
			if f != nil {
				files = append(files, *f)
			}
			continue
		}
		b, err := io.ReadAll(io.LimitReader(part, left+1))
		if err != nil {
			return nil, nil, err
		}
		if left -= int64(len(b)); left < 0 {
			return nil, nil, errFormTooLarge
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

// readFile reads one file part: nil when its field takes no file, already
// has one, or nothing was chosen (a file input left empty posts an empty
// part without a name).
func readFile(part *multipart.Part, name string, uploads []string, have []lead.File) (*lead.File, error) {
	defer part.Close()
	if !slices.Contains(uploads, name) || slices.ContainsFunc(have, func(f lead.File) bool { return f.Field == name }) {
		_, err := io.Copy(io.Discard, part)
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(part, upload.MaxSize+1))
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(io.Discard, part); err != nil { // past the limit: read to the end, kept nowhere
		return &lead.File{Field: name, Name: part.FileName(), Data: data}, err
	}
	if len(data) == 0 && part.FileName() == "" {
		return nil, nil
	}
	return &lead.File{Field: name, Name: part.FileName(), Data: data}, nil
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
