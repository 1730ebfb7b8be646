package visit

import (
	"bytes"
	"testing"
	"time"

	"immo/internal/domain/agenda"
)

func TestVisitorsName(t *testing.T) {
	if _, err := NewVisitors([]byte("short")); err == nil {
		t.Fatal("a short secret was taken")
	}
	v, err := NewVisitors(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	other, _ := NewVisitors(bytes.Repeat([]byte{8}, 32))
	const ua = "Mozilla/5.0 Firefox/130.0"
	morning := time.Date(2025, 3, 10, 8, 0, 0, 0, agenda.Brussels)
	evening := time.Date(2025, 3, 10, 23, 59, 0, 0, agenda.Brussels)
	midnight := time.Date(2025, 3, 11, 0, 0, 0, 0, agenda.Brussels)
	a := v.Name("203.0.113.7", ua, morning)
	for _, c := range []struct {
		name string
		got  string
		same bool
	}{
		{"the same visitor later that day", v.Name("203.0.113.7", ua, evening), true},
		{"the same day in UTC", v.Name("203.0.113.7", ua, evening.UTC()), true},
		{"the IPv4-mapped address", v.Name("::ffff:203.0.113.7", ua, morning), true},
		{"the next Brussels day", v.Name("203.0.113.7", ua, midnight), false},
		{"another address", v.Name("203.0.113.8", ua, morning), false},
		{"another browser", v.Name("203.0.113.7", "Mozilla/5.0 Chrome/130.0", morning), false},
		{"another key", other.Name("203.0.113.7", ua, morning), false},
	} {
		if (c.got == a) != c.same {
			t.Errorf("%s: same name %v, want %v", c.name, c.got == a, c.same)
		}
	}
	if v.Name("2001:db8::1", ua, morning) != v.Name("2001:db8::ffff:2", ua, morning) {
		t.Error("two addresses of one /64 are two visitors")
	}
	if v.Name("2001:db8:0:1::1", ua, morning) == v.Name("2001:db8::1", ua, morning) {
		t.Error("two /64 networks are one visitor")
	}
	if len(a) != 16 || bytes.Contains([]byte(a), []byte("203.0.113.7")) {
		t.Errorf("name %q", a)
	}
	// The salt of a day is the same after another day's.
	v.Name("203.0.113.7", ua, midnight)
	if v.Name("203.0.113.7", ua, morning) != a {
		t.Error("a day's name changed when its salt was made again")
	}
}
