// The browser's view registry: one chunk per view, loaded on first use, so
// the home page's first load carries only the home view. Keyed by the view
// names generated from Go (src/gen/pages.ts): a view missing here fails tsc.
import { lazyViews, type ViewLoaders } from './views'

export const loaders: ViewLoaders = {
  Home: () => import('../features/home/components/HomePage').then((m) => m.HomePage),
  PropertyList: () => import('../features/list/components/PropertyListPage').then((m) => m.PropertyListPage),
  Property: () => import('../features/property/components/PropertyPage').then((m) => m.PropertyPage),
  Project: () => import('../features/project/components/ProjectPage').then((m) => m.ProjectPage),
  Page: () => import('../features/content/components/ContentPage').then((m) => m.ContentPage),
  Legal: () => import('../features/content/components/LegalPage').then((m) => m.LegalPage),
  ThankYou: () => import('../features/thankyou/components/ThankYouPage').then((m) => m.ThankYouPage),
  NotFound: () => import('../features/errors/components/NotFoundPage').then((m) => m.NotFoundPage),
  VisitCancel: () => import('../features/visit/components/VisitCancelPage').then((m) => m.VisitCancelPage),
  Valuation: () => import('../features/valuation/components/ValuationPage').then((m) => m.ValuationPage),
  Newsletter: () => import('../features/newsletter/components/NewsletterPage').then((m) => m.NewsletterPage),
  Account: () => import('../features/account/components/AccountPage').then((m) => m.AccountPage),
  DemandRegister: () => import('../features/demand/components/DemandRegisterPage').then((m) => m.DemandRegisterPage),
  Registrant: () => import('../features/demand/components/RegistrantPage').then((m) => m.RegistrantPage),
}

export const clientViews = lazyViews(loaders)
