package field

import (
	"testing"

	"immo/internal/domain/i18n"
)

// Every key a validator can return is translated in every language.
func TestKeysTranslated(t *testing.T) {
	for _, k := range Keys {
		for _, lang := range i18n.Languages {
			if s := i18n.Bundled()[lang][k]; s == "" {
				t.Errorf("%s: %q missing", lang, k)
			}
		}
	}
}

func TestValidEmail(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"ann@example.be", true},
		{"ann.peeters+immo@mail.example.be", true},
		{"", false},
		{"ann", false},
		{"ann@localhost", false},
		{"ann@example.", false},
		{"@example.be", false},
		{"Ann <ann@example.be>", false},
		{"ann@example.be\r\nBcc: x@y.be", false},
		{"ann@example.be, bob@example.be", false},
		{"ann @example.be", false},
	} {
		if got := ValidEmail(tc.in); got != tc.ok {
			t.Errorf("ValidEmail(%q) = %v", tc.in, got)
		}
	}
}

func TestValidPhone(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"0471 23 45 67", true},
		{"+32 63 22 33 44", true},
		{"063/22.33.44", true},
		{"(063) 22-33-44", true},
		{"1234567", false},           // 7 digits
		{"+1234567890123456", false}, // 16 digits
		{"0471 23 45 6x", false},
		{"٠٤٧١٢٣٤٥٦٧", false}, // other scripts' digits
		{"", false},
	} {
		if got := ValidPhone(tc.in); got != tc.ok {
			t.Errorf("ValidPhone(%q) = %v", tc.in, got)
		}
	}
}

func TestErrorsKeepFirstProblem(t *testing.T) {
	e := Errors{}
	e.Email("email", "  ", true)
	e.Email("email", "x", true)
	e.Text("name", string(make([]byte, MaxText+1)), true)
	e.Phone("phone", "", false)
	e.OneOf("title", "Dr", true, "mr", "ms", "miss")
	want := Errors{"email": KeyRequired, "name": KeyTooLong, "title": KeyChoice}
	if len(e) != len(want) {
		t.Fatalf("errors %v, want %v", e, want)
	}
	for k, v := range want {
		if e[k] != v {
			t.Errorf("%s: %q, want %q", k, e[k], v)
		}
	}
}

func TestValidURL(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"https://www.example.be", true},
		{"http://example.be/", true},
		{"HTTPS://Example.BE/a/b?c=d&e=f#g", true},
		{"https://my-shop.example.co.uk:8443/é", true},
		{"https://xn--exemple-9ua.be", true},
		{"www.example.be", false},
		{"ftp://example.be", false},
		{"javascript:alert(1)", false},
		{"https://", false},
		{"https://localhost/", false},
		{"https://1.2.3.4/", false},
		{"https://user:pw@example.be/", false},
		{"https://example.be:/", false},
		{"https://example.be:123456/", false},
		{"https://-example.be", false},
		{"https://example-.be", false},
		{"https://example..be", false},
		{"https://example.be.", false},
		{"https://exemple-é.be", false},
		{"https://example.be/a b", false},
		{"https://example.be/\"><script>", false},
		{"https://example.be/\r\nX: y", false},
		{"https://example.b", false},
	} {
		if got := ValidURL(tc.in); got != tc.ok {
			t.Errorf("ValidURL(%q) = %v", tc.in, got)
		}
	}
}

// Text a person typed: no control characters (tabs aside, line breaks in a
// free text), no direction overrides, no line separators; Printable is what
// a refused form gets back.
func TestPlain(t *testing.T) {
	for _, tc := range []struct {
		s         string
		multiline bool
		want      bool
	}{
		{"Anne-Sophie Müller", false, true},
		{"a\tb", false, true},
		{"a\nb", true, true},
		{"a\nb", false, false},
		{"a\x00b", true, false},
		{"a\x1bb", true, false},
		{"a\u0085b", true, false},
		{"admin\u202egnp.exe", false, false},
		{"a\u2066b\u2069", false, false},
		{"a\u2028b", true, false},
		{"a\xffb", false, false},
		{"😀 emoji", false, true},
	} {
		if got := IsPlain(tc.s, tc.multiline); got != tc.want {
			t.Errorf("IsPlain(%q, %v) = %v, want %v", tc.s, tc.multiline, got, tc.want)
		}
	}
	if got := Printable("a\x00b\u202e\nc\xff"); got != "ab\nc\uFFFD" {
		t.Errorf("Printable = %q", got)
	}
}

func TestWhole(t *testing.T) {
	for in, want := range map[string]int64{"250.000": 250000, "€ 250.000": 250000, "250.000 €": 250000, "1.250.000": 1250000,
		"250 000": 250000, "250\u202f000": 250000, "250'000": 250000, "007": 7, "+5": 5, "-250.000": -250000, " 42 ": 42} {
		if got, ok := Whole(in); !ok || got != want {
			t.Errorf("Whole(%q) = %d %v, want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "1.5", "25.00", "2500.000", "1.000 000", "1..000", ".250", "250.", "€", "2e5", "1,5", "١٢"} {
		if got, ok := Whole(in); ok {
			t.Errorf("Whole(%q) = %d, want refused", in, got)
		}
	}
}
