package tsgen

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

type inner struct {
	Shared string `json:"shared"`
	Deep   int    `json:"deep"`
}

type picture struct {
	URL string `json:"Url"`
}

type sample struct {
	inner
	Shared    bool              `json:"shared"` // hides inner's
	Name      string            `json:"name"`
	Note      string            `json:"note,omitempty"`
	Count     int               `json:"count,omitempty"`
	When      time.Time         `json:"when,omitempty"` // omitempty never leaves out a struct
	Pic       picture           `json:"pic"`
	PicPtr    *picture          `json:"picPtr"`
	MaybePic  *picture          `json:"maybePic,omitempty"`
	Tags      []string          `json:"tags"`
	SomeTags  []string          `json:"someTags,omitempty"`
	Markers   []picture         `json:"markers,omitzero"`
	Texts     map[string]string `json:"texts"`
	Any       any               `json:"any"`
	Kind      string            `json:"kind" tstype:"'a' | 'b'"`
	Skipped   string            `json:"-"`
	private   string
	Untagged  float64
	Blob      []byte `json:"blob"`
	PtrsSlice []*picture
}

func TestFields(t *testing.T) {
	g := New()
	name, err := g.Add(&sample{})
	if err != nil {
		t.Fatal(err)
	}
	if name != "sample" {
		t.Fatalf("name %q", name)
	}
	src := g.Source()
	for _, want := range []string{
		"export interface sample {\n  deep: number\n  shared: boolean\n  name: string\n",
		"  note?: string\n", "  count?: number\n", "  when: string\n",
		"  pic: picture\n", "  picPtr: picture | null\n", "  maybePic?: picture\n",
		"  tags: string[] | null\n", "  someTags?: string[]\n", "  markers?: picture[]\n",
		"  texts: Partial<Record<string, string>> | null\n", "  any: unknown | null\n",
		"  kind: 'a' | 'b'\n", "  Untagged: number\n", "  blob: string\n", "  PtrsSlice: picture[] | null\n",
		"/** tsgen.picture */\nexport interface picture {\n  Url: string\n}\n",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("lacks %q in\n%s", want, src)
		}
	}
	for _, not := range []string{"Skipped", "private", "shared: string"} {
		if strings.Contains(src, not) {
			t.Errorf("has %q in\n%s", not, src)
		}
	}
	// Declared once, after the type that reaches it.
	if strings.Count(src, "export interface picture") != 1 || strings.Index(src, "interface sample") > strings.Index(src, "interface picture") {
		t.Errorf("picture declared twice or before sample:\n%s", src)
	}
}

// The same depth hides both, as encoding/json does.
type left struct{ X string }
type right struct{ X string }
type both struct {
	left
	right
	Y string `json:"y"`
}

func TestAmbiguousFieldsHideEachOther(t *testing.T) {
	b, _ := json.Marshal(both{left{"l"}, right{"r"}, "y"})
	if string(b) != `{"y":"y"}` {
		t.Fatalf("encoding/json changed: %s", b)
	}
	g := New()
	if _, err := g.Add(both{}); err != nil {
		t.Fatal(err)
	}
	if src := g.Source(); strings.Contains(src, "X:") || !strings.Contains(src, "y: string") {
		t.Fatalf("got\n%s", src)
	}
}

type selfMarshaled struct{ A int }

func (selfMarshaled) MarshalJSON() ([]byte, error) { return []byte(`"x"`), nil }

type holdsSelfMarshaled struct {
	S selfMarshaled `json:"s"`
}

type holdsIntKeys struct {
	M map[int]string `json:"m"`
}

func TestRefuses(t *testing.T) {
	for _, v := range []any{holdsSelfMarshaled{}, holdsIntKeys{}, struct{ C chan int }{}} {
		if _, err := New().Add(v); err == nil {
			t.Errorf("%T: no error", v)
		}
	}
}

func TestTwoTypesOfOneName(t *testing.T) {
	type picture struct { // another type than the package's picture
		Other int
	}
	type holder struct {
		A sample  `json:"a"`
		B picture `json:"b"`
	}
	if _, err := New().Add(holder{}); err == nil || !strings.Contains(err.Error(), "two types named picture") {
		t.Fatalf("err %v", err)
	}
}
