import { useEffect, useState, type ComponentType } from 'react'
import { flushSync } from 'react-dom'
import type { ViewName, ViewProps } from '../gen/admin'
import { PageContext, RouterContext, type Page, type Router } from '../lib/router'
import { AgendaPage } from './views/AgendaPage'
import { AgendaRulesPage } from './views/AgendaRulesPage'
import { AbusePage } from './views/AbusePage'
import { AuditPage } from './views/AuditPage'
import { NewsletterPage } from './views/NewsletterPage'
import { ErrorPage } from './views/ErrorPage'
import { LeadPage } from './views/LeadPage'
import { LeadsPage } from './views/LeadsPage'
import { LoginPage } from './views/LoginPage'
import { TestimonialsPage } from './views/TestimonialsPage'
import { MailsPage } from './views/MailsPage'
import { StaffPage } from './views/StaffPage'
import { AccountPage } from './views/AccountPage'
import { OwnersPage } from './views/OwnersPage'
import { DemandsPage } from './views/DemandsPage'

/** The inbox's views (internal/web/views.Admin): a view missing here, or taking other props, fails tsc. */
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
