package feed

import (
	"strings"
	"testing"
)

// TestLocalURL: a CRM picture's local address is its key and a clean
// name, read back by ParseLocal; only pictures on the feed's host are
// fetched.
func TestLocalURL(t *testing.T) {
	for address, name := range map[string]string{
		"https://crm.example.com/photos/Villa%20Arlon.JPG?v=3": "VillaArlon.jpg",
		"https://crm.example.com/p/plan.png":                   "plan.jpg",
		"https://crm.example.com/":                             "picture.jpg",
		"https://crm.example.com/x/..%2F..%2Fetc":              "etc.jpg",
		"https://crm.example.com/" + strings.Repeat("a", 300):  strings.Repeat("a", MaxPictureName-4) + ".jpg",
	} {
		local := LocalURL(address)
		key, got, ok := ParseLocal(local)
		if !ok || got != name || key != PictureKey(address) || !strings.HasPrefix(local, PicturePrefix) {
			t.Errorf("%s → %s (%s, %v), want the name %s", address, local, got, ok, name)
		}
	}
	for _, bad := range []string{"/pictures/crm/", "/pictures/crm/abc/x.jpg", "/pictures/media/1/x.jpg",
		PicturePrefix + strings.Repeat("g", 32) + "/x.jpg", PicturePrefix + strings.Repeat("a", 32) + "/"} {
		if _, _, ok := ParseLocal(bad); ok {
			t.Errorf("ParseLocal(%s) accepted", bad)
		}
	}
	for address, want := range map[string]bool{
		"https://crm.example.com/p/1.jpg": true, "http://CRM.example.com/p/1.jpg": true, "https://cdn.example.com/p/1.jpg": false,
		"https://user@crm.example.com/p/1.jpg": false, "ftp://crm.example.com/p/1.jpg": false, "/pictures/demo/1.jpg": false,
	} {
		if got := OnHost(address, "crm.example.com"); got != want {
			t.Errorf("OnHost(%s) = %v", address, got)
		}
	}
}
