package media

import (
	"bytes"
	"encoding/json"
	"html"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
)

// MaxUses bounds the uses listed per picture: enough to find them.
const MaxUses = 20

// Use is one place a configuration names a picture.
type Use struct {
	Draft int64 // 0: the published site
	// Path is the field, as the editor and the file's problems name it
	// ("pages[2].params.modules[0].image").
	Path string
}

// usesIn finds the library's pictures a configuration names, by field:
// a field holding an address (an image's url) or HTML naming one (a
// page's content with <img src>). A configuration that does not read as
// JSON names none: it was checked when kept.
func usesIn(data []byte) map[int64][]string {
	// Cheap first look: the JSON may escape its slashes (\/pictures\/media),
	// and HTML spell the address in many ways (idsIn).
	if !bytes.Contains(data, []byte("media")) && !bytes.Contains(data, []byte("%6")) && !bytes.Contains(data, []byte("&#")) {
		return nil
	}
	var tree any
	if err := json.Unmarshal(data, &tree); err != nil {
		return nil
	}
	out := map[int64][]string{}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch v := v.(type) {
		case string:
			for _, id := range idsIn(v) {
				if len(out[id]) < MaxUses {
					out[id] = append(out[id], path)
				}
			}
		case []any:
			for i, x := range v {
				walk(x, path+"["+strconv.Itoa(i)+"]")
			}
		case map[string]any:
			for k, x := range v {
				if path == "" {
					walk(x, k)
				} else {
					walk(x, path+"."+k)
				}
			}
		}
	}
	walk(tree, "")
	for _, paths := range out {
		slices.Sort(paths) // objects walk in random order
	}
	return out
}

// idsIn are the numbers of the library's addresses in s, each once,
// however a text spells them as a browser reads them: HTML character
// references (&#47;), percent-escapes (%35), doubled slashes and dot
// segments (/pictures/demo/../media/4/).
func idsIn(s string) []int64 {
	s = html.UnescapeString(s)
	if u, err := url.PathUnescape(s); err == nil {
		s = u
	}
	var out []int64
	for {
		i := strings.Index(s, "/pictures")
		if i < 0 {
			return out
		}
		end := i + strings.IndexAny(s[i:]+" ", " \t\n\"'<>?#,")
		ref := path.Clean(s[i:end]) + "/"
		s = s[i+len("/pictures"):]
		rest, ok := strings.CutPrefix(ref, URLPrefix)
		if !ok {
			continue
		}
		num, name, _ := strings.Cut(rest, "/")
		if id, err := strconv.ParseInt(num, 10, 64); err == nil && id > 0 && name != "" && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
}
