import { useEffect, useState, type ComponentType } from 'react'
import { flushSync } from 'react-dom'
import type { ViewName, ViewProps } from '../gen/admin'
import { PageContext, RouterContext, type Page, type Router } from '../lib/router'
import { AgendaPage } from './features/agenda/components/AgendaPage'
import { AgendaRulesPage } from './features/agenda/components/AgendaRulesPage'
import { AbusePage } from './features/abuse/components/AbusePage'
import { AuditPage } from './features/audit/components/AuditPage'
import { RunsPage } from './features/catalog/components/RunsPage'
import { NewsletterPage } from './features/newsletter/components/NewsletterPage'
import { ErrorPage } from './features/errors/components/ErrorPage'
import { LeadPage } from './features/leads/components/LeadPage'
import { LeadsPage } from './features/leads/components/LeadsPage'
import { LoginPage } from './features/login/components/LoginPage'
import { TestimonialsPage } from './features/testimonials/components/TestimonialsPage'
import { MailsPage } from './features/mails/components/MailsPage'
import { StaffPage } from './features/staff/components/StaffPage'
import { AccountPage } from './features/account/components/AccountPage'
import { OwnersPage } from './features/owners/components/OwnersPage'
import { DemandsPage } from './features/demands/components/DemandsPage'
import { DraftPage } from './features/site/components/DraftPage'
import { MediaPage } from './features/site/components/MediaPage'
import { SitePage } from './features/site/components/SitePage'
import { PlatformLeadsPage } from './features/platform/components/PlatformLeadsPage'
import { PlatformPage } from './features/platform/components/PlatformPage'
import { AccessPage } from './features/access/components/AccessPage'

/** The inbox's views (internal/http/web/views.Admin): a view missing here, or taking other props, fails tsc. */
const views: { [V in ViewName]: ComponentType<ViewProps[V]> } = {
  AdminLogin: LoginPage,
  AdminLeads: LeadsPage,
  AdminLead: LeadPage,
  AdminError: ErrorPage,
  AdminAgenda: AgendaPage,
  AdminAgendaRules: AgendaRulesPage,
  AdminAudit: AuditPage,
  AdminNewsletter: NewsletterPage,
  AdminAbuse: AbusePage,
  AdminTestimonials: TestimonialsPage,
  AdminMails: MailsPage,
  AdminStaff: StaffPage,
  AdminAccount: AccountPage,
  AdminOwners: OwnersPage,
  AdminDemands: DemandsPage,
  AdminSite: SitePage,
  AdminSiteDraft: DraftPage,
  AdminSiteMedia: MediaPage,
  AdminRuns: RunsPage,
  AdminPlatform: PlatformPage,
  AdminPlatformLeads: PlatformLeadsPage,
  AdminAccess: AccessPage,
}

/** The inbox's app: the current page's view, swapped by the router. */
export function AdminApp({ initialPage, router }: { initialPage: Page; router: Router }) {
  const [page, setPage] = useState(initialPage)
  useEffect(() => router.connect((next) => flushSync(() => setPage(next))), [router])
  const props = page.props as { lang?: string }
  useEffect(() => {
    document.documentElement.lang = props.lang ?? 'en'
  }, [props.lang])
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const View = views[page.component as ViewName] as ComponentType<any> | undefined
  if (!View) throw new Error(`unknown view "${page.component}"`)
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={page}>
        <View key={page.url.split('?')[0]} {...page.props} />
      </PageContext.Provider>
    </RouterContext.Provider>
  )
}
