// The visitor forms' kit: the features build their forms from these.
export { VisitorForm, type VisitorFormProps } from './components/VisitorForm'
export { CheckboxField, FieldError, FileField, RadioGroup, SelectField, TextArea, TextField, type FieldProps, type Option } from './components/fields'
export { AddressFields, ContactTimeField, NameFields, PersonFields } from './components/PersonFields'
export { useField, useFieldError } from './components/useField'
export { Altcha, type AltchaProps } from './components/Altcha'
export { CheckboxGroup } from './components/CheckboxGroup'
export { FormDisclosure } from './components/FormDisclosure'
export { FormSection } from './components/FormSection'
