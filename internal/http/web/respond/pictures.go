package respond

import (
	"bytes"
	"strings"

	"immo/internal/http/picturehttp"
)

// PictureVersions gives a local picture's version (picturehttp's v=), from
// the handler serving it; ok false for an address none serves.
type PictureVersions func(address string) (version string, ok bool)

// PicturePrefix starts every local picture's address.
const PicturePrefix = "/pictures/"

// versionQuery starts a picture's version in its address: the parameter
// the picture handler reads.
const versionQuery = "?" + picturehttp.VersionParam + "="

// versionPictures adds its version to every local picture's address in a
// page's JSON, so that the browser keeps the picture a year (the address
// changes with its content). The page's views, its data and the client's
// picture addresses (lib/images.ts appends its sizes with &) need not know:
// one pass over the encoded page finds them, wherever a view carries one.
//
// An address is a whole JSON string starting with PicturePrefix, not an
// object's key, holding no query, fragment or escape; a picture's address
// inside a longer string (a text's HTML) is left as it is. In JSON as
// encoding/json writes it, a quote not preceded by a backslash always
// delimits a string, and one followed by a path always opens one.
func versionPictures(page []byte, version PictureVersions) []byte {
	if version == nil {
		return page
	}
	open := []byte(`"` + PicturePrefix)
	var out []byte
	done := 0 // page[:done] is in out
	for at := 0; ; {
		i := bytes.Index(page[at:], open)
		if i < 0 {
			break
		}
		start := at + i + 1 // the address's first byte
		at = start
		if escaped(page, start-1) {
			continue
		}
		n := bytes.IndexByte(page[start:], '"')
		if n < 0 {
			break
		}
		end := start + n
		at = end + 1
		if end+1 < len(page) && page[end+1] == ':' {
			continue // an object's key
		}
		v, ok := version.of(string(page[start:end]))
		if !ok {
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(page)+len(page)/16)
		}
		out = append(out, page[done:end]...)
		out = append(out, versionQuery...)
		out = append(out, v...)
		done = end
	}
	if out == nil {
		return page
	}
	return append(out, page[done:]...)
}

// Of is address with its version when it is a local picture's (a page's
// head names its pictures as the page does), else address as it is.
func (version PictureVersions) Of(address string) string {
	if v, ok := version.of(address); ok {
		return address + versionQuery + v
	}
	return address
}

// of is the version of a local picture's address: a path under
// PicturePrefix holding no query, fragment or escape.
func (version PictureVersions) of(address string) (string, bool) {
	if version == nil || !strings.HasPrefix(address, PicturePrefix) || strings.ContainsAny(address, `\?#"`) {
		return "", false
	}
	v, ok := version(address)
	return v, ok && plain(v)
}

// escaped says whether the byte at i is escaped by the backslashes before it.
func escaped(b []byte, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && b[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// plain says a version is letters and digits, nothing JSON or a URL reads.
func plain(v string) bool {
	for _, r := range v {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return v != ""
}
