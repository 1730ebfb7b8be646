// Package upload checks the files visitors send with a form (a CV, a
// testimonial's picture) and shrinks pictures. A file is judged by its
// content, never by its name or the type the browser claims: its bytes are
// sniffed (github.com/gabriel-vasile/mimetype) and must be one of the types
// the field accepts (a Set), at most MaxSize bytes, and a name whose
// extension says another type than the content (a text file called cv.pdf)
// is refused too. The visitor's file name is cleaned before it is kept or
// put in a mail. No HTTP, no SQL: the web layer reads the post, the store
// keeps the bytes.
package upload

import (
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"

	"immo/internal/domain/field"
)

// The whole file is sniffed, not its first 4 KiB (mimetype's default): a
// DOCX names its word/ part after whatever the writer put first (a
// thumbnail of any size), a DOC its streams in a directory anywhere in the
// file. A file is at most MaxSize bytes, already in memory.
func init() { mimetype.SetLimit(0) }

// MaxSize bounds one file (SPEC: at most 5 MB).
const MaxSize = 5 << 20

// Type is one accepted type: its MIME type as sniffed and the extensions a
// file of that type may be named with (the first is the one given to a
// name without any).
type Type struct {
	MIME string
	Exts []string
}

// Set is what one upload field accepts.
type Set struct {
	Name  string // "cv", "picture"
	Types []Type
	// Side, when not 0, makes the set's files pictures: Check reads their
	// size from the header (Measure) and Prepare re-encodes them as a JPEG
	// of at most Side pixels a side, without metadata (Shrink).
	Side int
}

// The sets of the site's upload fields.
var (
	// CV: PDF, DOC or DOCX.
	CV = Set{Name: "cv", Types: []Type{
		{MIME: "application/pdf", Exts: []string{".pdf"}},
		{MIME: "application/msword", Exts: []string{".doc"}},
		{MIME: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", Exts: []string{".docx"}},
	}}
	// Picture: JPEG, PNG or WebP, re-encoded (Prepare) at most AgencySide
	// pixels a side: what the agency's notice attaches.
	Picture = Set{Name: "picture", Types: []Type{
		{MIME: "image/jpeg", Exts: []string{".jpg", ".jpeg", ".jfif"}},
		{MIME: "image/png", Exts: []string{".png"}},
		{MIME: "image/webp", Exts: []string{".webp"}},
	}, Side: AgencySide}
	// Media: the site library's pictures (package media), the staff's:
	// the same types as Picture; media keeps a PNG as sent (a logo's
	// transparency) and shrinks the others itself.
	Media = Set{Name: "media", Types: Picture.Types}
)

// Accept is the set as an <input type="file"> accept list: extensions,
// then MIME types.
func (s Set) Accept() []string {
	var out []string
	for _, t := range s.Types {
		out = append(out, t.Exts...)
	}
	for _, t := range s.Types {
		out = append(out, t.MIME)
	}
	return out
}

// Formats are the names a visitor knows the set's types by: each type's
// first extension, upper-cased ("PDF", "DOC", "DOCX").
func (s Set) Formats() []string {
	var out []string
	for _, t := range s.Types {
		out = append(out, strings.ToUpper(strings.TrimPrefix(t.Exts[0], ".")))
	}
	return out
}

// Detect is the MIME type of data by its content, without parameters
// ("application/pdf", "text/plain", "application/octet-stream").
func Detect(data []byte) string {
	m := mimetype.Detect(data)
	s := m.String()
	if i := strings.IndexByte(s, ';'); i >= 0 {
		s = s[:i]
	}
	return s
}

// AgencySide is the longest side of a visitor's picture as the agency gets
// it (Set.Prepare): large enough to look at, without the original's bytes.
const AgencySide = 1600

// Check judges a file named name holding data for the set: the type of its
// content, and the translation key of its problem ("" when accepted):
// field.KeyFileSize over MaxSize, field.KeyFileType when the content is not
// one of the set's types or the name's extension says another type. An
// empty file is field.KeyRequired: nothing was sent. A picture set's file
// is measured from its header too (Measure): field.KeyPictureSize over the
// bounds, field.KeyPictureBroken without a header that reads; whether the
// rest decodes only Prepare knows.
func (s Set) Check(name string, data []byte) (mimeType, key string) {
	mimeType, key = s.check(name, data)
	if key == "" && s.Side > 0 {
		if _, err := Measure(data); err != nil {
			return mimeType, PictureKey(err)
		}
	}
	return mimeType, key
}

// Prepare is Check, then, for a picture set, the re-encoded picture
// (Shrink to Side): its name ending in .jpg, its type image/jpeg, its data
// the new JPEG; a picture that does not decode is field.KeyPictureBroken.
// Other sets' files come back as sent, with FileName's name.
func (s Set) Prepare(name string, data []byte) (newName, mimeType string, out []byte, key string) {
	mimeType, key = s.Check(name, data)
	name = s.FileName(name, mimeType)
	if key != "" || s.Side <= 0 {
		return name, mimeType, data, key
	}
	small, err := Shrink(data, s.Side)
	if err != nil {
		return name, mimeType, data, PictureKey(err)
	}
	return strings.TrimSuffix(name, path.Ext(name)) + ".jpg", "image/jpeg", small, ""
}

func (s Set) check(name string, data []byte) (mimeType, key string) {
	if len(data) == 0 {
		return "", field.KeyRequired
	}
	if len(data) > MaxSize {
		return "", field.KeyFileSize
	}
	m := mimetype.Detect(data)
	for _, t := range s.Types {
		if !m.Is(t.MIME) {
			continue
		}
		ext := Ext(name)
		if ext != "" && !slices.Contains(t.Exts, ext) {
			return t.MIME, field.KeyFileType // the name lies about the content
		}
		return t.MIME, ""
	}
	return Detect(data), field.KeyFileType
}

// Ext is the extension of a file name, lower-cased with its dot, when it
// looks like one (one to five letters or digits after the last dot: not
// the ".Peeters" of "Jan.Peeters"); else "".
func Ext(name string) string {
	ext := strings.ToLower(path.Ext(CleanName(name)))
	if len(ext) < 2 || len(ext) > 6 {
		return ""
	}
	for _, r := range ext[1:] {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return ""
		}
	}
	return ext
}

// maxName bounds a cleaned name, in characters.
const maxName = 100

// CleanName is the visitor's file name made safe to keep and to put in a
// mail's Content-Disposition: no directory (either slash), no control or
// quote characters, only letters, digits, spaces and . - _ ( ) + kept
// (others become "_"), no leading dots (a hidden file), at most 100
// characters with the extension kept. Empty becomes "file".
func CleanName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		switch {
		case r == utf8.RuneError || unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			return -1
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			return r
		case r == ' ' || unicode.IsSpace(r):
			return ' '
		case strings.ContainsRune(".-_()+", r):
			return r
		}
		return '_'
	}, name)
	name = strings.Join(strings.Fields(name), " ")
	name = strings.TrimLeft(name, ". ")
	name = strings.TrimRight(name, ". ")
	if r := []rune(name); len(r) > maxName {
		ext := []rune(path.Ext(name))
		if len(ext) > 10 {
			ext = nil
		}
		name = strings.TrimSpace(string(r[:maxName-len(ext)])) + string(ext)
	}
	if name == "" {
		return "file"
	}
	return name
}

// FileName is the name a checked file is kept under: CleanName, with the
// content type's first extension added when it has none.
func (s Set) FileName(name, mimeType string) string {
	name = CleanName(name)
	if Ext(name) != "" {
		return name
	}
	for _, t := range s.Types {
		if t.MIME == mimeType {
			return name + t.Exts[0]
		}
	}
	return name
}
