package testimonial_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlite"
	"immo/internal/domain/testimonial"
)

func TestServiceReloadsOnNewVersion(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := testimonial.NewService(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Approved(0)) != 0 {
		t.Fatal("nothing approved yet")
	}
	id, _ := db.AddTestimonial(ctx, testimonial.Testimonial{Name: "A", Comment: "B", CreatedAt: time.Now()})
	if changed, err := s.Refresh(ctx); err != nil || !changed || len(s.Approved(0)) != 0 {
		t.Fatalf("a pending testimonial changes the version but is not shown: %v %v", changed, err)
	}
	db.SetTestimonialApproved(ctx, id, true)
	db.AddTestimonial(ctx, testimonial.Testimonial{Name: "C", Comment: "D", Approved: true, CreatedAt: time.Now().Add(time.Hour)})
	if changed, _ := s.Refresh(ctx); !changed || len(s.Approved(0)) != 2 || len(s.Approved(1)) != 1 || s.Approved(1)[0].Name != "C" {
		t.Fatalf("approved: %+v", s.Approved(0))
	}
	if changed, _ := s.Refresh(ctx); changed {
		t.Fatal("no change, no reload")
	}
}

func TestLanguageFirst(t *testing.T) {
	list := []testimonial.Testimonial{{Name: "a", Lang: "fr"}, {Name: "b", Lang: "nl"}, {Name: "c", Lang: "en"}, {Name: "d", Lang: "nl"}, {Name: "e"}}
	for _, tc := range []struct{ lang, want string }{
		{"nl", "bdace"},
		{"fr", "abcde"},
		{"en", "cabde"},
		{"de", "abcde"}, // none in German: the given order
	} {
		got := ""
		for _, x := range testimonial.LanguageFirst(list, tc.lang, func(x testimonial.Testimonial) string { return x.Lang }) {
			got += x.Name
		}
		if got != tc.want {
			t.Errorf("%s: %s, want %s", tc.lang, got, tc.want)
		}
	}
	if list[0].Name != "a" || list[1].Name != "b" {
		t.Fatal("the given list is not changed")
	}
}

func TestShownName(t *testing.T) {
	for _, tc := range []struct{ first, last, want string }{
		{"Anne", "Peeters", "Anne P."},
		{"  Jan   en Els ", "van Damme", "Jan en Els V."},
		{"Zoë", "élan", "Zoë É."},
		{"Marc", "", "Marc"},
		{"Marc", " 'tJolie", "Marc T."},
	} {
		if got := testimonial.ShownName(tc.first, tc.last); got != tc.want {
			t.Errorf("ShownName(%q, %q) = %q, want %q", tc.first, tc.last, got, tc.want)
		}
	}
}

func TestPictureSigner(t *testing.T) {
	if _, err := testimonial.NewPictureSigner([]byte("short")); err == nil {
		t.Fatal("a short key is refused")
	}
	s, _ := testimonial.NewPictureSigner([]byte("0123456789abcdef0123456789abcdef"))
	other, _ := testimonial.NewPictureSigner([]byte("0123456789abcdef0123456789abcdeX"))
	u := s.URL(12)
	file := u[len(testimonial.PicturePath):]
	if id, ok := s.Parse(file); !ok || id != 12 {
		t.Fatalf("Parse(%q) = %d %v", file, id, ok)
	}
	for _, bad := range []string{other.URL(12)[len(testimonial.PicturePath):], s.URL(13)[len(testimonial.PicturePath):13+len(testimonial.PicturePath)] + file[2:],
		"12.jpg", "12-.jpg", "012" + file[2:], "-12" + file[2:], file[:len(file)-4] + ".png", file + "x"} {
		if _, ok := s.Parse(bad); ok {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
