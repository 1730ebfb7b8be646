package mailqueue

import (
	"encoding/json"
	"strconv"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// One River client serves every agency of a process (issue #35): River
// elects one leader per database, which alone runs the periodic jobs, so a
// client per agency would leave every agency but the leader's without its
// digests and reports. Each job carries its agency in River's metadata
// ({"agency": N}); a queue bound to an agency (For) stamps its inserts with
// it and lists, retries and forgets only its own mails. A job without it
// (queued before agencies, or by the implicit agency) is agency 1's.

// ImplicitAgency is the agency of a job that names none.
const ImplicitAgency int64 = 1

// For is q bound to agency: the same client and pool, its inserts stamped
// with the agency, its lists and changes limited to the agency's mails.
func (q *Queue) For(agency int64) *Queue {
	if agency <= 0 {
		agency = ImplicitAgency
	}
	bound := *q
	bound.agency = agency
	return &bound
}

// Agency is the agency q is bound to (ImplicitAgency unless For).
func (q *Queue) Agency() int64 {
	if q.agency <= 0 {
		return ImplicitAgency
	}
	return q.agency
}

// AgencyOf is the agency job row j was inserted for.
func AgencyOf(j *rivertype.JobRow) int64 {
	return agencyIn(j.Metadata)
}

// agencyIn reads the agency of a job's metadata: {"agency":N} as River
// stores it (its own keys may follow or precede). Anything else is the
// implicit agency's.
func agencyIn(metadata []byte) int64 {
	var m struct {
		Agency int64 `json:"agency"`
	}
	if err := json.Unmarshal(metadata, &m); err != nil || m.Agency <= 0 {
		return ImplicitAgency
	}
	return m.Agency
}

// stamped is opts (nil: none) carrying q's agency in its metadata.
func (q *Queue) stamped(opts *river.InsertOpts) *river.InsertOpts {
	var o river.InsertOpts
	if opts != nil {
		o = *opts
	}
	o.Metadata = []byte(`{"agency":` + strconv.FormatInt(q.Agency(), 10) + `}`)
	return &o
}

// agencyWhere is p keeping q's agency's jobs: the metadata's agency, or
// none for the implicit agency's.
func (q *Queue) agencyWhere(p *river.JobListParams) *river.JobListParams {
	return p.Where(q.agencyCond()+"@agency", river.NamedArgs{"agency": q.Agency()})
}

// agencyCond is that condition on river_job's row, its value to follow
// (a placeholder of the statement's own).
func (q *Queue) agencyCond() string {
	if q.files.dialect == Postgres {
		return `COALESCE((metadata->>'agency')::bigint, 1) = `
	}
	return `COALESCE(json_extract(metadata, '$.agency'), 1) = `
}
