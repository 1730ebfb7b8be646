package agency

import (
	"context"
	"crypto/sha256"
	"errors"
	"time"

	"immo/internal/domain/audit"
	"immo/internal/domain/errs"
)

// Version is one published configuration of the site: site.json's format,
// kept as it was given (an export gives the same bytes back).
type Version struct {
	ID     int64
	Config []byte
	// Over, when not 0, is the version this one is published over: it is
	// published only while that version is still the newest (ErrMeanwhile).
	Over int64
	// Hash is the SHA-256 of Config: a file published once is not
	// published again when a server starts with it (Service.Import).
	Hash [sha256.Size]byte
	// By says who published it: a staff member's address, or FromFile and
	// the file's name.
	By   string
	Note string
	At   time.Time
	// Summary is what it changed of the version it was published over, as
	// the history shows it; nil when none was recorded (the first version,
	// or one published before summaries were kept).
	Summary *Summary
}

// Summary is what a version changed of the one it was published over
// (Changes): its first MaxSummaryChanges changes, and how many more.
type Summary struct {
	Changes []SiteChange `json:"changes"`
	More    int          `json:"more"`
}

// Bounds of a summary: the changes kept, and the bytes of an item's name
// and of a field's kept in them.
const (
	MaxSummaryChanges = 50
	maxSummaryName    = 120
)

// summarize is what after changes of before, bounded to be stored with a
// version: at most MaxSummaryChanges changes (More counts the rest), each
// name clipped.
func summarize(before, after []byte) *Summary {
	all := Changes(before, after)
	sum := &Summary{Changes: make([]SiteChange, 0, min(len(all), MaxSummaryChanges))}
	for i, c := range all {
		if i == MaxSummaryChanges {
			sum.More = len(all) - i
			break
		}
		c.Item = clip(c.Item, maxSummaryName)
		fields := make([]string, len(c.Fields))
		for j, f := range c.Fields {
			fields[j] = clip(f, maxSummaryName)
		}
		c.Fields = fields
		sum.Changes = append(sum.Changes, c)
	}
	return sum
}

// FromFile starts the By of a version or draft a file made (`immo serve
// --config`, `immo config import`): "file site.json".
const FromFile = "file "

// Limits of what a version holds, checked before anything is stored.
const (
	// MaxConfigBytes bounds a configuration; the demo agency's is ~60 KB.
	MaxConfigBytes = 4 << 20
	// MaxByLength and MaxNoteLength bound the who and the note, in bytes.
	MaxByLength   = 200
	MaxNoteLength = 1000
)

var (
	// ErrNoVersion: nothing published (yet), or no version of that number
	// (a revert's field at fault: coded, as the inbox shows it).
	ErrNoVersion = &errs.Error{Code: errs.Invalid, Field: "version", Key: "admin.site.error.noVersion",
		Message: "agency: no such configuration version"}
	// ErrTooLarge: a configuration over MaxConfigBytes.
	ErrTooLarge = errors.New("agency: the configuration is too large")
)

// Store keeps the published versions, numbered in the order they were
// published; every server of a deployment reads the same ones.
type Store interface {
	// PublishSiteVersion stores v (its ID ignored, its Summary with it) and returns its number,
	// with the audit log's entry e (its TargetID the number) in the same
	// transaction: a version is published and logged, or neither.
	PublishSiteVersion(ctx context.Context, v Version, e audit.Entry) (int64, error)
	// SiteVersion is the version numbered id, Config included; ErrNoVersion when none.
	SiteVersion(ctx context.Context, id int64) (Version, error)
	// LatestSiteVersionID is the highest number; 0 when nothing is published. As light as a ping.
	LatestSiteVersionID(ctx context.Context) (int64, error)
	// SiteVersionByHash is the latest version whose Config hashes to h, Config left out; ErrNoVersion when none.
	SiteVersionByHash(ctx context.Context, h [sha256.Size]byte) (Version, error)
	// SiteVersions lists at most limit versions, newest first, Config left
	// out, Summary in.
	SiteVersions(ctx context.Context, limit int) ([]Version, error)
	DraftStore
}
