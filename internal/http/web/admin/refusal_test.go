package admin

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"testing"

	"immo/internal/domain/account"
)

// TestFactorRefusals: the second factor's refusals carry their field and
// key from the domain and take their status from refusal(), as the sign-in
// page and the login's code step answer them — wrapped by the store too.
func TestFactorRefusals(t *testing.T) {
	for _, c := range []struct {
		err    error
		status int
		want   map[string]string
	}{
		{account.ErrCode, http.StatusUnprocessableEntity, map[string]string{"code": "admin.login.codeWrong"}},
		{account.ErrCodeBraked, http.StatusTooManyRequests, map[string]string{"code": "admin.login.codeLocked"}},
		{account.ErrTOTPOn, http.StatusConflict, map[string]string{"form": "admin.account.error.on"}},
		{account.ErrNoTOTP, http.StatusConflict, map[string]string{"form": "admin.account.error.none"}},
	} {
		for _, err := range []error{c.err, fmt.Errorf("staff 12: %w", c.err), errors.Join(c.err, errors.New("sql: no rows"))} {
			status, problems, ok := refusal(err)
			if !ok || status != c.status || !maps.Equal(problems, c.want) {
				t.Errorf("%v: %d %v (%v), want %d %v", err, status, problems, ok, c.status, c.want)
			}
		}
	}
}
