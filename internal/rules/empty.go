package rules

import "strings"

// IsEmpty tells whether s counts as empty (SPEC §5): a missing value arrives
// as "", and blank text (only whitespace) is treated the same.
func IsEmpty(s string) bool {
	return strings.TrimSpace(s) == ""
}
