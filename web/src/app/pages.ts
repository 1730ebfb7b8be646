// Every view, imported statically: the server bundle (one IIFE, no dynamic
// import) and the tests use this. The browser uses pages.client.ts.
import { ProjectPage } from '../features/project/components/ProjectPage'
import { ContentPage } from '../features/content/components/ContentPage'
import { LegalPage } from '../features/content/components/LegalPage'
import { NotFoundPage } from '../features/errors/components/NotFoundPage'
import { HomePage } from '../features/home/components/HomePage'
import { PropertyListPage } from '../features/list/components/PropertyListPage'
import { PropertyPage } from '../features/property/components/PropertyPage'
import { ThankYouPage } from '../features/thankyou/components/ThankYouPage'
import { VisitCancelPage } from '../features/visit/components/VisitCancelPage'
import { ValuationPage } from '../features/valuation/components/ValuationPage'
import { NewsletterPage } from '../features/newsletter/components/NewsletterPage'
import { AccountPage } from '../features/account/components/AccountPage'
import { DemandRegisterPage } from '../features/demand/components/DemandRegisterPage'
import { RegistrantPage } from '../features/demand/components/RegistrantPage'
import { staticViews, type ViewComponents } from './views'

/** Keyed by the view names generated from Go (src/gen/pages.ts): a view missing here fails tsc. */
export const pages: ViewComponents = {
  Home: HomePage,
  PropertyList: PropertyListPage,
  Property: PropertyPage,
  Project: ProjectPage,
  Page: ContentPage,
  Legal: LegalPage,
  ThankYou: ThankYouPage,
  NotFound: NotFoundPage,
  VisitCancel: VisitCancelPage,
  Valuation: ValuationPage,
  Newsletter: NewsletterPage,
  Account: AccountPage,
  DemandRegister: DemandRegisterPage,
  Registrant: RegistrantPage,
}

export const allViews = staticViews(pages)
