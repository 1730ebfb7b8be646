// The page's forms, each with the forms kit a chunk of its own that loads
// when the visitor turns to a form (the focus or a pointer); the server
// renders them whole (shared/forms/deferred).
import { deferredForm } from '../../../shared/forms/lazy'
// The forms' own rules, inlined with the page's (the server's forms are styled before their code arrives).
import './offer.css'
import './visit.css'

export const InformationForm = deferredForm(() => import('./InformationForm'))
export const VisitForm = deferredForm(() => import('./VisitForm'))
export const FriendForm = deferredForm(() => import('./FriendForm'))
export const DocumentRequestForm = deferredForm(() => import('./DocumentRequestForm'))
export const OfferForms = deferredForm(() => import('./OfferForms'))
