package admin

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"immo/internal/domain/account"
	"immo/internal/domain/errs"
	"immo/internal/domain/i18n"
	"immo/internal/domain/inbox"
	"immo/internal/domain/platform"
)

// The platform operator's pages (issue #35), in the implicit agency's
// inbox whose accounts the operators are: the agencies with their health,
// the forms that add, disable and give hosts, and an agency's leads while
// it grants the leave. Nothing else of the inbox opens to the operator.
const platformPath = Prefix + "platform/"

// The platform page's forms, by their action field.
const (
	platformAdd     = "add"
	platformDisable = "disable"
	platformEnable  = "enable"
	platformHosts   = "hosts"
)

var platformActions = []string{platformAdd, platformDisable, platformEnable, platformHosts}

// PlatformProps are the platform's agencies, for its operator.
type PlatformProps struct {
	Base
	Agencies []AgencyRow `json:"agencies"`
	Action   string      `json:"action"` // where the forms post
	Langs    []string    `json:"langs"`  // an agency's languages to choose from
	Queue    QueueRow    `json:"queue"`
	// Days is how far back an agency's leads are counted.
	Days int `json:"days"`
}

func (PlatformProps) View() string { return ViewPlatform }

// AgencyRow is one agency with its health.
type AgencyRow struct {
	ID       int64    `json:"id"`
	Name     string   `json:"name"` // "": the implicit agency, which has no record
	Lang     string   `json:"lang"`
	Hosts    []string `json:"hosts"` // the preferred first
	Disabled bool     `json:"disabled"`
	// Own: the platform's own agency (the operator's), never disabled.
	Own          bool   `json:"own"`
	Implicit     bool   `json:"implicit"` // no agency added: the one answering every host
	Created      string `json:"created"`  // RFC 3339; "": the implicit one
	Listings     int    `json:"listings"`
	Leads        int    `json:"leads"`
	LeadsNew     int    `json:"leadsNew"`
	Feeds        int    `json:"feeds"`
	FeedsFailing int    `json:"feedsFailing"`
	// ServerErrors: the 5xx its site answered in the health's days.
	ServerErrors int    `json:"serverErrors"`
	LastRun      string `json:"lastRun"` // RFC 3339; "": never
	LastStatus   string `json:"lastStatus"`
	// Its mails in the shared queue: waiting (the oldest's time, "":
	// none) and given up.
	MailsWaiting int    `json:"mailsWaiting"`
	MailsOldest  string `json:"mailsOldest"`
	MailsFailed  int    `json:"mailsFailed"`
	// GrantUntil is when the agency's leave for the operator ends, ""
	// none; LeadsHref its leads' page while it lasts.
	GrantUntil string `json:"grantUntil"`
	LeadsHref  string `json:"leadsHref"`
}

// QueueRow is the mail queue every agency shares.
type QueueRow struct {
	Waiting int    `json:"waiting"`
	Oldest  string `json:"oldest"` // RFC 3339; "": none waits
	Failed  int    `json:"failed"`
}

// servePlatform answers the operator's agencies and their forms.
func (h *Handler) servePlatform(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v, action := p.viewer, p.values["action"]
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) { return h.platformChange(ctx, v, p.values) },
		done: platformPath + "?done=" + action, form: action, notice: "admin.platform.done.", notices: platformActions})
	if answered {
		return
	}
	c := h.o.Console
	list, err := c.List(ctx, v)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	q, err := c.QueueHealth(ctx, v)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	now := h.o.Now()
	props := PlatformProps{Base: p.base, Agencies: make([]AgencyRow, 0, len(list)), Action: platformPath, Langs: i18n.Languages,
		Queue: QueueRow{Waiting: q.Waiting, Oldest: stamp(q.Oldest), Failed: q.Failed}, Days: int(platform.HealthWindow.Hours() / 24)}
	for _, a := range list {
		row := AgencyRow{ID: a.ID, Name: a.Name, Lang: a.Lang, Hosts: a.Hosts, Disabled: a.Disabled, Own: a.ID == platform.Implicit,
			Implicit: a.Implicit, Created: stamp(a.Created), Listings: a.Health.Listings, Leads: a.Health.Leads, LeadsNew: a.Health.LeadsNew,
			Feeds: a.Health.Feeds, FeedsFailing: a.Health.FeedsFailing, ServerErrors: a.Health.ServerErrors, LastRun: stamp(a.Health.LastRun), LastStatus: a.Health.LastRunStatus,
			MailsWaiting: a.Mails.Waiting, MailsOldest: stamp(a.Mails.Oldest), MailsFailed: a.Mails.Failed}
		if row.Hosts == nil {
			row.Hosts = []string{}
		}
		if a.Grant.Active(now) {
			row.GrantUntil, row.LeadsHref = stamp(a.Grant.Until), platformLeadsPath(a.ID)
		}
		props.Agencies = append(props.Agencies, row)
	}
	h.render(w, r, props, p.base, status)
}

// platformChange makes the change a platform page's form posted, as by.
func (h *Handler) platformChange(ctx context.Context, by account.Viewer, values map[string]string) (map[string]string, error) {
	c := h.o.Console
	action := values["action"]
	if action == platformAdd {
		_, err := c.Add(ctx, by, values["name"], values["lang"], hostList(values["hosts"]))
		return nil, err
	}
	if !slices.Contains(platformActions, action) {
		return nil, &errs.Error{Code: errs.Invalid, Field: "form", Key: "admin.error.action", Message: "admin: unknown action"}
	}
	id, err := strconv.ParseInt(values["id"], 10, 64)
	if err != nil || id <= 0 {
		return nil, &errs.Error{Code: errs.Invalid, Field: "form", Key: inbox.KeyID, Message: "admin: bad agency id"}
	}
	switch action {
	case platformDisable, platformEnable:
		return nil, c.SetDisabled(ctx, by, id, action == platformDisable)
	default: // platformHosts
		return nil, c.SetHosts(ctx, by, id, hostList(values["hosts"]))
	}
}

// hostList is a form's host names, split at spaces, commas and lines.
func hostList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\r' || r == '\t' })
}

func platformLeadsPath(id int64) string { return platformPath + strconv.FormatInt(id, 10) + "/leads/" }

// PlatformLeadsProps are an agency's newest leads as its leave lets the
// operator read them: no link into the agency's inbox, nothing to change.
type PlatformLeadsProps struct {
	Base
	Agency string         `json:"agency"` // its name, "": the implicit one
	Until  string         `json:"until"`  // when the leave ends, RFC 3339
	Rows   []PlatformLead `json:"rows"`
	Back   string         `json:"back"`
	Max    int            `json:"max"` // the newest shown, at most
}

func (PlatformLeadsProps) View() string { return ViewPlatformLeads }

// PlatformLead is one lead as the operator reads it.
type PlatformLead struct {
	ID      int64  `json:"id"`
	Kind    string `json:"kind"`
	Status  string `json:"status"`
	Created string `json:"created"` // RFC 3339
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Lang    string `json:"lang"`
	Remark  string `json:"remark"`
}

// servePlatformLeads answers agency {id}'s leads to the operator while
// the agency grants it: 403 else (the page says the agency's admins give
// the leave), 404 for no such agency. Every reading is in the agency's log.
func (h *Handler) servePlatformLeads(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		h.fail(w, r, http.StatusNotFound, nil)
		return
	}
	v := account.FromContext(r.Context())
	a, g, rows, err := h.o.Console.Leads(r.Context(), v, id)
	if err != nil {
		status, problems, ok := refusal(err)
		if !ok {
			status = http.StatusInternalServerError
		}
		// The page says why: the agency does not grant the leave (its
		// admins give it), or there is no such agency.
		var reason string
		for _, key := range problems {
			reason = key
		}
		h.failFor(w, r, status, err, reason)
		return
	}
	b := h.base(r, v)
	props := PlatformLeadsProps{Base: b, Agency: a.Name, Until: stamp(g.Until), Rows: make([]PlatformLead, 0, len(rows)), Back: platformPath,
		Max: platform.LeadsShown}
	for _, l := range rows {
		props.Rows = append(props.Rows, PlatformLead{ID: l.ID, Kind: string(l.Kind), Status: string(l.Status), Created: stamp(l.Created),
			Name: strings.TrimSpace(l.FirstName + " " + l.LastName), Email: l.Email, Phone: l.Phone, Lang: l.Lang, Remark: l.Remark})
	}
	h.render(w, r, props, b, 0)
}
