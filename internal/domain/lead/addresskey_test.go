package lead

import "testing"

// One inbox, one key: case, a +tag, and at Gmail the dots and the
// googlemail.com domain are the same mailbox; other providers' dots are not.
func TestAddressKey(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"ann@example.be", "ann@example.be"},
		{" ANN+news@Example.BE ", "ann@example.be"},
		{"a.nn@example.be", "a.nn@example.be"}, // elsewhere a dot may be another person
		{"victim@gmail.com", "victim@gmail.com"},
		{"v.i.c.t.i.m@gmail.com", "victim@gmail.com"},
		{"Vic.Tim+1@GMail.com", "victim@gmail.com"},
		{"vic.tim@googlemail.com", "victim@gmail.com"},
		{"victim@gmail.com.", "victim@gmail.com"},
		{"...@gmail.com", "...@gmail.com"}, // nothing but dots: kept, not an empty name
		{"no-at-sign", "no-at-sign"},
	} {
		if got := AddressKey(c.in); got != c.want {
			t.Errorf("AddressKey(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
