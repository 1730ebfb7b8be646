package sqlstore

import (
	"context"
	"errors"
	"strings"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/mail"
)

var _ account.OwnerDirectory = (*Owners)(nil)

// ownerSummaryQuery reads owners with their newest invitation link's
// expiry (the owner_properties are read apart, for a page at once); its
// first argument is the store's agency.
var ownerSummaryQuery = `SELECT ` + prefixed("a.", accountColumns) + `,
	(SELECT max(k.expires_at) FROM account_tokens k WHERE k.account_id = a.id AND k.agency_id = a.agency_id
		AND k.purpose = '` + account.PurposeSetPassword + `')
	FROM accounts a WHERE a.agency_id = ? AND a.role = '` + string(account.Owner) + `'`

// likeEscaped is s as a LIKE pattern's literal (ESCAPE '\').
func likeEscaped(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// ListOwners implements account.OwnerDirectory: the newest accounts
// first, a search reading the address and names in lower case (owners are
// a few hundred accounts: the scan of their rows is cheap).
func (o *Owners) ListOwners(ctx context.Context, q account.OwnerQuery) ([]account.OwnerSummary, bool, error) {
	query, args := ownerSummaryQuery, []any{o.s.agency}
	if q.Q != "" {
		query += ` AND (lower(a.email) LIKE ? ESCAPE '\' OR lower(a.first_name || ' ' || a.last_name) LIKE ? ESCAPE '\')`
		p := "%" + likeEscaped(strings.ToLower(q.Q)) + "%"
		args = append(args, p, p)
	}
	query += ` ORDER BY a.id DESC LIMIT ? OFFSET ?`
	args = append(args, q.Limit+1, q.Offset)
	list, err := o.summaries(ctx, query, args...)
	if err != nil {
		return nil, false, o.s.errorf("list owners: %w", err)
	}
	more := len(list) > q.Limit
	if more {
		list = list[:q.Limit]
	}
	return list, more, nil
}

// OwnerSummary implements account.OwnerDirectory.
func (o *Owners) OwnerSummary(ctx context.Context, id int64) (account.OwnerSummary, error) {
	list, err := o.summaries(ctx, ownerSummaryQuery+` AND a.id = ?`, o.s.agency, id)
	if err != nil {
		return account.OwnerSummary{}, o.s.errorf("owner: %w", err)
	}
	if len(list) == 0 {
		return account.OwnerSummary{}, account.ErrNotOwner
	}
	return list[0], nil
}

// summaries reads the owners of query, then their properties.
func (o *Owners) summaries(ctx context.Context, query string, args ...any) ([]account.OwnerSummary, error) {
	rows, err := o.s.read.QueryContext(ctx, o.s.d.query(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []account.OwnerSummary{}
	at := map[int64]int{}
	for rows.Next() {
		var m account.OwnerSummary
		var role string
		var linkExpires time.Time
		if err := rows.Scan(append(accountFields(&m.Account, &role), scanTime{&linkExpires})...); err != nil {
			return nil, err
		}
		m.Role = account.Role(role)
		m.Activated = !m.PasswordChanged.IsZero()
		if !linkExpires.IsZero() {
			m.LastInvite = linkExpires.Add(-account.InviteValidity)
		}
		m.Properties = []int64{}
		at[m.ID] = len(list)
		list = append(list, m)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return list, nil
	}
	ids := make([]any, 0, 1+len(list))
	ids = append(ids, o.s.agency)
	for _, m := range list {
		ids = append(ids, m.ID)
	}
	props, err := o.s.read.QueryContext(ctx, o.s.d.query(`SELECT account_id, property_id FROM owner_properties
		WHERE agency_id = ? AND account_id IN (?`+strings.Repeat(", ?", len(list)-1)+`) ORDER BY account_id, property_id`), ids...)
	if err != nil {
		return nil, err
	}
	defer props.Close()
	for props.Next() {
		var id, p int64
		if err := props.Scan(&id, &p); err != nil {
			return nil, err
		}
		list[at[id]].Properties = append(list[at[id]].Properties, p)
	}
	return list, props.Err()
}

// Audit is account.OwnerAudit: a staff member's change to an owner written
// to the inbox's audit log in the change's own transaction.
func (o *Owners) Audit(ctx context.Context, tx mail.Tx, c account.OwnerChange) error {
	if c.Action == "" {
		return errors.New("owner audit: no action")
	}
	return o.s.Audit().LogIn(ctx, tx, audit.Entry{Time: c.At, Actor: c.By, Action: audit.Action(c.Action),
		TargetKind: account.OwnerAuditTarget, TargetID: c.Account})
}
