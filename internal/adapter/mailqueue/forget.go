package mailqueue

import (
	"context"
	"fmt"
	"strings"

	"immo/internal/domain/mail"
)

// ForgetRecipient deletes, in tx, every mail job to email — waiting,
// failed or sent (the queue keeps sent ones a month, `immo mail` lists
// them): an account deleted leaves no mail holding its owner's name and
// address (GDPR Art. 17). The count deleted.
func (q *Queue) ForgetRecipient(ctx context.Context, tx mail.Tx, email string) (int64, error) {
	st, ok := tx.(sqlTx)
	if !ok || st.SQLTx() == nil {
		return 0, ErrForeignTx
	}
	// Only the bound agency's: another agency's mails to the same address are its own.
	query := `DELETE FROM river_job WHERE kind = ? AND ` + q.agencyCond() + `? AND EXISTS (SELECT 1 FROM json_each(args, '$.message.to') t
		WHERE lower(json_extract(t.value, '$.email')) = ?)`
	if q.files.dialect == Postgres {
		query = `DELETE FROM river_job WHERE kind = $1 AND ` + q.agencyCond() + `$2 AND EXISTS (SELECT 1 FROM jsonb_array_elements(args->'message'->'to') t
			WHERE lower(t->>'email') = $3)`
	}
	res, err := st.SQLTx().ExecContext(ctx, query, kind, q.Agency(), strings.ToLower(strings.TrimSpace(email)))
	if err != nil {
		return 0, fmt.Errorf("mailqueue: forget the mails to an address: %w", err)
	}
	return res.RowsAffected()
}
