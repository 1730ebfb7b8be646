package inbox

// Translation keys (internal/domain/i18n/locales/<lang>/admin.json).
const (
	KeyKind       = "admin.error.kind"       // a kind the site does not have
	KeyStatus     = "admin.error.status"     // a status that is none of the four
	KeyID         = "admin.error.id"         // a property, project or staff id that is no id
	KeyLang       = "admin.error.lang"       // a language the site does not speak
	KeyDate       = "admin.error.date"       // a date that is no YYYY-MM-DD
	KeyDateRange  = "admin.error.dateRange"  // from after to
	KeySearch     = "admin.error.search"     // a search too long or with too many words
	KeySort       = "admin.error.sort"       // neither newest nor oldest
	KeySize       = "admin.error.size"       // a page size out of bounds
	KeyCursor     = "admin.error.cursor"     // a page cursor we did not make
	KeyNoLead     = "admin.error.noLead"     // no such lead
	KeyNoFile     = "admin.error.noFile"     // no such upload
	KeyTransition = "admin.error.transition" // a status change the lead's status does not allow
	KeyChanged    = "admin.error.changed"    // the status changed since the page was shown
	KeyNoteEmpty  = "admin.error.noteEmpty"
	KeyNoteLong   = "admin.error.noteLong"
	KeyNoteText   = "admin.error.noteText" // control characters
	KeyAssignee   = "admin.error.assignee" // not a staff account
)

// Errors lists the keys above: a test checks each is in every language.
var Errors = []string{KeyKind, KeyStatus, KeyID, KeyLang, KeyDate, KeyDateRange, KeySearch, KeySort,
	KeySize, KeyCursor, KeyNoLead, KeyNoFile, KeyTransition, KeyChanged, KeyNoteEmpty, KeyNoteLong, KeyNoteText, KeyAssignee}

// The CSV header's keys, in column order (csv.go).
var csvHeader = []string{
	"admin.lead.id", "admin.lead.created", "admin.lead.kind", "admin.lead.status", "admin.lead.title", "admin.lead.firstName",
	"admin.lead.lastName", "admin.lead.email", "admin.lead.phone", "admin.lead.lang", "admin.lead.property",
	"admin.lead.project", "admin.lead.page", "admin.lead.assignee", "admin.lead.remark",
}

// KeyNotesColumn heads the CSV's last column: the notes' texts.
const KeyNotesColumn = "admin.lead.notes"

// FieldKey is the translation key of a kind's own field's name (the lead
// page's label, the CSV's column).
func FieldKey(name string) string { return "admin.field." + name }

// StatusKey is the translation key of a status's name.
func StatusKey(s Status) string { return "admin.status." + string(s) }

// KindKey is the translation key of a kind's name.
func KindKey(k string) string { return "admin.kind." + k }
