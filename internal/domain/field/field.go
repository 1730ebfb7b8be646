// Package field is the vocabulary the visitor forms validate with: the
// translation keys of SPEC §5's messages, the Errors a validator returns
// (form field → key), and the checks every form shares (required, email,
// phone, length). The domain packages (lead, account, demand, agenda) build
// their validators from it, so one message has one key everywhere.
package field

import (
	"net/mail"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Translation keys (internal/domain/i18n/locales/<lang>/forms.json).
const (
	KeySummary       = "forms.error.summary" // the message above a form with fields in red
	KeyNotSent       = "forms.error.notSent" // the message above a form refused for no field of its (a limit, the proof)
	KeyRequired      = "forms.error.required"
	KeyEmail         = "forms.error.email"
	KeyFriendEmail   = "forms.error.friendEmail"
	KeyPhone         = "forms.error.phone"
	KeyTooLong       = "forms.error.tooLong"
	KeyChoice        = "forms.error.choice" // a value outside the offered options
	KeyNumber        = "forms.error.number"
	KeyRange         = "forms.error.range" // a minimum above its maximum
	KeyDate          = "forms.error.date"
	KeyStartDate     = "forms.error.startDate"
	KeyEndDate       = "forms.error.endDate"
	KeyTypes         = "forms.error.types"
	KeyZones         = "forms.error.zones"
	KeyPasswordMatch = "forms.error.passwordMatch"
	KeyPasswordShort = "forms.error.passwordShort"
	KeyCaptcha       = "forms.error.captcha"
	KeyLogin         = "forms.error.login"
	KeySendFailed    = "forms.error.sendFailed" // storing failed: trying again may work
	KeyAPIError      = "forms.error.api"        // an unexpected error of ours (SPEC §8 "API ERROR")
	KeySlotFull      = "forms.error.slotFull"
	KeyFileType      = "forms.error.fileType"      // an upload whose content is not of the accepted types, or whose name lies about it
	KeyFileSize      = "forms.error.fileSize"      // an upload over its size limit
	KeyFileAgain     = "forms.error.fileAgain"     // a good upload of a refused post without JavaScript: the browser cannot show it again
	KeyURL           = "forms.error.url"           // not an http(s) web address
	KeyPictureSize   = "forms.error.pictureSize"   // a picture with more pixels than upload.MaxPixels or upload.MaxSide a side
	KeyPictureBroken = "forms.error.pictureBroken" // a picture that does not decode (damaged, truncated)
	KeyPictureMemory = "forms.error.pictureMemory" // a picture within the pixels but too costly to decode (a large progressive JPEG)
	KeyControl       = "forms.error.control"       // a control character (NUL…) or bytes that are no text
	KeyTooManyHour   = "forms.error.tooManyHour"   // over a sender's limit of the hour: try again in an hour
	KeyTooManyDay    = "forms.error.tooManyDay"    // over a sender's limit of the day: try again tomorrow
	KeyReceiverDay   = "forms.error.receiverDay"   // the address got as many mails from the site as it may today
)

// Keys lists every key above: a test checks each exists in every language.
var Keys = []string{KeySummary, KeyNotSent, KeyRequired, KeyEmail, KeyFriendEmail, KeyPhone, KeyTooLong, KeyChoice,
	KeyNumber, KeyRange, KeyDate, KeyStartDate, KeyEndDate, KeyTypes, KeyZones, KeyPasswordMatch,
	KeyPasswordShort, KeyCaptcha, KeyLogin, KeySendFailed, KeyAPIError, KeySlotFull, KeyFileType, KeyFileSize, KeyFileAgain, KeyURL,
	KeyPictureSize, KeyPictureBroken, KeyPictureMemory, KeyControl, KeyTooManyHour, KeyTooManyDay, KeyReceiverDay}

// Errors maps a form field's name to the translation key of its problem; an
// empty Errors means the input is valid. Only the first problem of a field
// is kept: the visitor fixes one thing at a time.
type Errors map[string]string

// Add records key for name unless name already has a problem.
func (e Errors) Add(name, key string) {
	if _, ok := e[name]; !ok {
		e[name] = key
	}
}

// Check records key for name when bad holds.
func (e Errors) Check(bad bool, name, key string) {
	if bad {
		e.Add(name, key)
	}
}

// Empty tells whether s is blank: SPEC §5 counts blank strings as empty,
// and a string of characters that show nothing — format characters (a
// zero-width space, a word joiner, a byte-order mark), variation
// selectors, the fillers and joiners that render empty — shows as blank
// too.
func Empty(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return !invisible(r) }) < 0
}

// invisible is a character that shows nothing (the browser's isEmpty
// knows the same).
func invisible(r rune) bool {
	switch r {
	case '\u034F', // combining grapheme joiner
		'\u115F', '\u1160', '\u3164', '\uFFA0', // Hangul fillers
		'\u17B4', '\u17B5', // Khmer's inherent vowels
		'\u2800': // the braille blank
		return true
	}
	return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r)
}

// MaxText bounds a one-line field (names, phone, street); MaxRemark a free text.
const (
	MaxText   = 200
	MaxRemark = 5000
)

// Plain checks that value is text a person typed: valid UTF-8 without
// control characters — NUL and the like, which one database refuses and
// another keeps, and which no keyboard types; a free text (multiline) may
// hold tabs and line breaks. It comes first, so it is the field's problem.
func (e Errors) Plain(name, value string, multiline bool) {
	e.Check(!IsPlain(value, multiline), name, KeyControl)
}

// IsPlain is Plain's rule. Besides control characters, the marks that
// reverse or isolate the text's direction (U+202A–202E, U+2066–2069: they
// make a name read otherwise in a mail) and the line and paragraph
// separators U+2028/2029 are refused.
func IsPlain(s string, multiline bool) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !plainRune(r, multiline) {
			return false
		}
	}
	return true
}

func plainRune(r rune, multiline bool) bool {
	switch {
	case r == '\t' || (multiline && (r == '\n' || r == '\r')):
		return true
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0, r == 0x2028, r == 0x2029,
		r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return false
	}
	return true
}

// Storable reports whether s can be stored and looked up as text at all:
// valid UTF-8 without NUL, which PostgreSQL refuses in a text value.
func Storable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// Unstorable is a field of values holding a value that is not Storable
// (whole, the form's field when a name is not), "" when none.
func Unstorable(values map[string][]string, whole string) string {
	for name, vs := range values {
		if !Storable(name) {
			return whole
		}
		for _, v := range vs {
			if !Storable(v) {
				return name
			}
		}
	}
	return ""
}

// Printable is s without what IsPlain refuses (line breaks kept) and with
// bytes that are no UTF-8 replaced: a value sent back to the form that
// refused it.
func Printable(s string) string {
	return strings.Map(func(r rune) rune {
		if plainRune(r, true) {
			return r
		}
		return -1
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// Text checks a one-line text: required when req, at most MaxText characters.
func (e Errors) Text(name, value string, req bool) {
	e.Check(req && Empty(value), name, KeyRequired)
	e.Check(utf8.RuneCountInString(value) > MaxText, name, KeyTooLong)
}

// Remark checks an optional free text of at most MaxRemark characters.
func (e Errors) Remark(name, value string) {
	e.Check(utf8.RuneCountInString(value) > MaxRemark, name, KeyTooLong)
}

// Email checks an address: required when req, else only checked when given.
func (e Errors) Email(name, value string, req bool) {
	e.formatted(name, value, req, ValidEmail, KeyEmail)
}

// Phone checks a phone number: required when req; when given, digits with
// the usual separators and an optional leading +, 8 to 15 digits (E.164).
func (e Errors) Phone(name, value string, req bool) {
	e.formatted(name, value, req, ValidPhone, KeyPhone)
}

// formatted checks a value of a format: required when req; when given,
// valid, else the format's key.
func (e Errors) formatted(name, value string, req bool, valid func(string) bool, key string) {
	switch {
	case Empty(value):
		e.Check(req, name, KeyRequired)
	case !valid(value):
		e.Add(name, key)
	}
}

// ValidEmail tells whether s is one bare address (no display name, no
// spaces) with a dotted domain: what a mail server will accept as a
// recipient, and nothing that could carry a second header line.
func ValidEmail(s string) bool {
	if len(s) > 254 || strings.ContainsAny(s, " \t\r\n<>,;\"") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	return at > 0 && strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".") && !strings.HasPrefix(domain, ".")
}

// ValidPhone tells whether s is a phone number: an optional leading +, then
// digits, spaces, dots, dashes, slashes and parentheses, 8 to 15 digits.
func ValidPhone(s string) bool {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "+")
	digits := 0
	for _, r := range s {
		switch {
		case unicode.IsDigit(r) && r < utf8.RuneSelf:
			digits++
		case strings.ContainsRune(" ./-()", r):
		default:
			return false
		}
	}
	return digits >= 8 && digits <= 15
}

// OneOf checks that value, when given, is one of options; required when req.
func (e Errors) OneOf(name, value string, req bool, options ...string) {
	switch {
	case Empty(value):
		e.Check(req, name, KeyRequired)
	default:
		for _, o := range options {
			if value == o {
				return
			}
		}
		e.Add(name, KeyChoice)
	}
}

// Whole reads a whole number as people write one: digits, optionally
// grouped by threes with a dot, a space or an apostrophe ("250.000", as
// the site writes a price, "250 000"), a euro sign before or after, a
// sign first; false for anything else ("1.5", "2e5"). web/src's
// parseWhole is its twin (forms.vectors.json checks both).
func Whole(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimSpace(strings.TrimPrefix(s, "€"))
	s = strings.TrimSpace(strings.TrimSuffix(s, "€"))
	sign := ""
	if strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") {
		sign, s = s[:1], s[1:]
	}
	for _, sep := range []string{".", " ", "\u00a0", "\u202f", "'"} {
		if !strings.Contains(s, sep) {
			continue
		}
		parts := strings.Split(s, sep)
		if len(parts[0]) == 0 || len(parts[0]) > 3 {
			return 0, false
		}
		for _, p := range parts[1:] {
			if len(p) != 3 {
				return 0, false
			}
		}
		s = strings.Join(parts, "")
		break
	}
	if s == "" || strings.ContainsFunc(s, func(r rune) bool { return r < '0' || r > '9' }) {
		return 0, false
	}
	n, err := strconv.ParseInt(sign+s, 10, 64)
	return n, err == nil
}
