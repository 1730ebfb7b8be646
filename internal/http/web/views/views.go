// Package views is the one registry of the views the React app renders:
// the name Go sends as the Inertia component and the component's file. The
// page resolver (web/route) names its views from it, the head's preloads
// (web/assets) find each view's chunk by its file, and the TypeScript view
// registries (web/src/app/pages*.ts) are keyed by the view names generated
// from it (web/route's TestGeneratedTypes), so a view missing on either
// side fails a test or the type check.
package views

// Names of the views.
const (
	Home       = "Home"
	List       = "PropertyList"
	Property   = "Property"
	Project    = "Project"
	Page       = "Page"
	Legal      = "Legal"
	ThankYou   = "ThankYou"
	NotFound   = "NotFound"
	Valuation  = "Valuation"
	Newsletter = "Newsletter"
	// VisitCancel is the page a visit's cancel link opens.
	VisitCancel = "VisitCancel"
	// Account is the owners' pages: their login, the page a password link
	// opens, the portal's overview.
	Account = "Account"
	// DemandRegister is the demand register's page; Registrant the
	// registrants' pages (login, links, their area).
	DemandRegister = "DemandRegister"
	Registrant     = "Registrant"
)

// View is one view of the React app.
type View struct {
	Name string
	// Source is the component's file under web/src, without its extension;
	// the component is the file's export of the same base name.
	Source string
}

// Registry is the views one entry of the app renders (the public site's:
// Site; the agency's inbox will have its own), in the order its generated
// TypeScript lists them.
type Registry []View

// Site is the public site's views.
var Site = Registry{
	{Home, "features/home/components/HomePage"},
	{List, "features/list/components/PropertyListPage"},
	{Property, "features/property/components/PropertyPage"},
	{Project, "features/project/components/ProjectPage"},
	{Page, "features/content/components/ContentPage"},
	{Legal, "features/content/components/LegalPage"},
	{ThankYou, "features/thankyou/components/ThankYouPage"},
	{NotFound, "features/errors/components/NotFoundPage"},
	{VisitCancel, "features/visit/components/VisitCancelPage"},
	{Valuation, "features/valuation/components/ValuationPage"},
	{Newsletter, "features/newsletter/components/NewsletterPage"},
	{Account, "features/account/components/AccountPage"},
	{DemandRegister, "features/demand/components/DemandRegisterPage"},
	{Registrant, "features/demand/components/RegistrantPage"},
}

// Lookup finds the view called name.
func (r Registry) Lookup(name string) (View, bool) {
	for _, v := range r {
		if v.Name == name {
			return v, true
		}
	}
	return View{}, false
}

// The inbox's views (the second entry, web/src/admin).
const (
	AdminLogin         = "AdminLogin"
	AdminLeads         = "AdminLeads"
	AdminLead          = "AdminLead"
	AdminError         = "AdminError"
	AdminTestimonials  = "AdminTestimonials"
	AdminMails         = "AdminMails"
	AdminStaff         = "AdminStaff"
	AdminAccount       = "AdminAccount"
	AdminOwners        = "AdminOwners"
	AdminDemands       = "AdminDemands"
	AdminAgenda        = "AdminAgenda"
	AdminAgendaRules   = "AdminAgendaRules"
	AdminAudit         = "AdminAudit"
	AdminNewsletter    = "AdminNewsletter"
	AdminSite          = "AdminSite"
	AdminSiteDraft     = "AdminSiteDraft"
	AdminSiteMedia     = "AdminSiteMedia"
	AdminRuns          = "AdminRuns"
	AdminPlatform      = "AdminPlatform"
	AdminPlatformLeads = "AdminPlatformLeads"
	AdminAccess        = "AdminAccess"
	AdminAbuse         = "AdminAbuse"
)

// Admin is the agency inbox's views: a bundle of their own, so not one
// byte of them reaches a visitor's page.
var Admin = Registry{
	{AdminLogin, "admin/features/login/components/LoginPage"},
	{AdminLeads, "admin/features/leads/components/LeadsPage"},
	{AdminLead, "admin/features/leads/components/LeadPage"},
	{AdminError, "admin/features/errors/components/ErrorPage"},
	{AdminAgenda, "admin/features/agenda/components/AgendaPage"},
	{AdminAgendaRules, "admin/features/agenda/components/AgendaRulesPage"},
	{AdminTestimonials, "admin/features/testimonials/components/TestimonialsPage"},
	{AdminMails, "admin/features/mails/components/MailsPage"},
	{AdminStaff, "admin/features/staff/components/StaffPage"},
	{AdminAccount, "admin/features/account/components/AccountPage"},
	{AdminOwners, "admin/features/owners/components/OwnersPage"},
	{AdminDemands, "admin/features/demands/components/DemandsPage"},
	{AdminAudit, "admin/features/audit/components/AuditPage"},
	{AdminNewsletter, "admin/features/newsletter/components/NewsletterPage"},
	{AdminSite, "admin/features/site/components/SitePage"},
	{AdminSiteDraft, "admin/features/site/components/DraftPage"},
	{AdminSiteMedia, "admin/features/site/components/MediaPage"},
	{AdminRuns, "admin/features/catalog/components/RunsPage"},
	{AdminAbuse, "admin/features/abuse/components/AbusePage"},
	{AdminPlatform, "admin/features/platform/components/PlatformPage"},
	{AdminPlatformLeads, "admin/features/platform/components/PlatformLeadsPage"},
	{AdminAccess, "admin/features/access/components/AccessPage"},
}
