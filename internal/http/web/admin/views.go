package admin

import "immo/internal/http/web/views"

// The views' names (views.Admin).
const (
	ViewLogin         = views.AdminLogin
	ViewLeads         = views.AdminLeads
	ViewLead          = views.AdminLead
	ViewError         = views.AdminError
	ViewTestimonials  = views.AdminTestimonials
	ViewMails         = views.AdminMails
	ViewStaff         = views.AdminStaff
	ViewAccount       = views.AdminAccount
	ViewOwners        = views.AdminOwners
	ViewDemands       = views.AdminDemands
	ViewAgenda        = views.AdminAgenda
	ViewAgendaRules   = views.AdminAgendaRules
	ViewAudit         = views.AdminAudit
	ViewNewsletter    = views.AdminNewsletter
	ViewAbuse         = views.AdminAbuse
	ViewSite          = views.AdminSite
	ViewSiteDraft     = views.AdminSiteDraft
	ViewSiteMedia     = views.AdminSiteMedia
	ViewRuns          = views.AdminRuns
	ViewPlatform      = views.AdminPlatform
	ViewPlatformLeads = views.AdminPlatformLeads
	ViewAccess        = views.AdminAccess
)

// EntrySource is the inbox's entry in the web build's manifest.
const EntrySource = "src/admin/entry.tsx"
