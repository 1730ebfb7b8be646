// The offer feature's public face: the property page's document request,
// purchase offer and rent application.
export { DocumentRequestForm } from './components/DocumentRequestForm'
export { OfferForms } from './components/OfferForms'
export { ALREADY_REQUESTED, DOCUMENT_ANCHOR, documentChoices } from './model/offer'
