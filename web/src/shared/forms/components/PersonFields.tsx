import { useT } from '../../../lib/i18n'
import { RadioGroup, SelectField, TextField } from './fields'

/** The person every form asks (SPEC §3): title, names, email, phone; required as the form's spec says. */
export function PersonFields({ phone = true }: { phone?: boolean }) {
  const t = useT()
  return (
    <>
      <RadioGroup
        name="title"
        label={t('forms.label.title')}
        options={(['mr', 'ms', 'miss'] as const).map((v) => ({ value: v, label: t(`forms.label.${v}`) }))}
      />
      <TextField name="firstName" label={t('forms.label.firstName')} autoComplete="given-name" />
      <TextField name="lastName" label={t('forms.label.lastName')} autoComplete="family-name" />
      <TextField name="email" label={t('forms.label.email')} autoComplete="email" />
      {phone && <TextField name="phone" label={t('forms.label.phone')} autoComplete="tel" />}
    </>
  )
}

/** The preferred time slot to be called back (SPEC §9). */
export function ContactTimeField() {
  const t = useT()
  return (
    <SelectField
      name="contactTime"
      label={t('forms.label.contactTime')}
      placeholder={t('forms.contactTime.any')}
      options={(['morning', 'afternoon', 'evening'] as const).map((v) => ({ value: v, label: t(`forms.contactTime.${v}`) }))}
    />
  )
}
