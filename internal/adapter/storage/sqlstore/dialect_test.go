package sqlstore

import "testing"

func TestNumbered(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"none", `SELECT version FROM catalog_meta`, `SELECT version FROM catalog_meta`},
		{"in order", `UPDATE t SET a = ? WHERE id = ?`, `UPDATE t SET a = $1 WHERE id = $2`},
		{"ten and more", `VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			`VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`},
		{"string literal", `SELECT '?' || ?, 'it''s ?' WHERE a = ?`, `SELECT '?' || $1, 'it''s ?' WHERE a = $2`},
		{"quoted identifier", `SELECT "what?" FROM t WHERE a = ?`, `SELECT "what?" FROM t WHERE a = $1`},
		{"line comment", "SELECT ? -- why?\nFROM t WHERE a = ?", "SELECT $1 -- why?\nFROM t WHERE a = $2"},
		{"block comment", `SELECT /* a? b? */ ? FROM t`, `SELECT /* a? b? */ $1 FROM t`},
		{"unterminated string", `SELECT ? WHERE a = 'x?`, `SELECT $1 WHERE a = 'x?`},
		{"unterminated comment", `SELECT ? /* ?`, `SELECT $1 /* ?`},
		{"comment at the end", `SELECT ? -- ?`, `SELECT $1 -- ?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := numbered(tt.in); got != tt.want {
				t.Errorf("numbered(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			if got := (Dialect{}).query(tt.in); got != tt.in {
				t.Errorf("a ? dialect changed the query: %q", got)
			}
		})
	}
}
