package feed

import "testing"

// TestCheckURL: a feed's address is https on a public host; plain http
// and a private address only for a host the operator trusts.
func TestCheckURL(t *testing.T) {
	trusted := func(h string) bool { return h == "127.0.0.1" || h == "crm.office" }
	for raw, ok := range map[string]bool{
		"https://crm.example.com/export.json": true,
		"https://8.8.8.8/export.json":         true,
		"http://127.0.0.1:8392/export.json":   true,
		"http://crm.office/export.json":       true,
		"http://crm.example.com/export.json":  false,
		"ftp://crm.example.com/x":             false,
		"https://user:pw@crm.example.com/x":   false,
		"https://10.0.0.1/x":                  false,
		"https://[::1]/x":                     false,
		"https://169.254.169.254/latest":      false,
		"https://0.0.0.0/x":                   false,
		"https://[::]/x":                      false,
		"https://crm.example.com:99999/x":     false,
		"https://crm.example.com:0/x":         false,
		"https://localhost/x":                 false,
		"https://crm/x":                       false,
		"https://crm.example.com/a b":         false,
	} {
		if err := CheckURL(raw, trusted); (err == nil) != ok {
			t.Errorf("CheckURL(%s) = %v, want ok %v", raw, err, ok)
		}
	}
}
