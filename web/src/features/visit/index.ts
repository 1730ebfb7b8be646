// The visit form of a property page, and the page a visit's cancel link opens.
export { VisitForm, VISIT_ANCHOR } from './components/VisitForm'
