// The plain HTML pages of one card and their forms, which post without JavaScript (the owners', the registrants',
// the newsletter's): the page's frame, labelled inputs and the form's problem.
export { CardPage } from './components/CardPage'
export { LoginFields, NewPasswordFields, PlainField, PlainFormError, type Look, type PlainFieldProps } from './components/PlainField'
