import type { ReactNode } from 'react'
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
      <NameFields />
      {phone && <TextField name="phone" label={t('forms.label.phone')} autoComplete="tel" />}
    </>
  )
}

/**
 * A person's names and email: the visitor's, which their browser fills in, or (of: the fields' prefix, "friend")
 * another person's, which it must not (friendFirstName, friendLastName, friendEmail).
 */
export function NameFields({ of }: { of?: string }) {
  const t = useT()
  const name = (field: string) => (of ? of + field[0].toUpperCase() + field.slice(1) : field)
  return (
    <>
      <TextField name={name('firstName')} label={t('forms.label.firstName')} autoComplete={of ? 'off' : 'given-name'} />
      <TextField name={name('lastName')} label={t('forms.label.lastName')} autoComplete={of ? 'off' : 'family-name'} />
      <TextField name={name('email')} label={t('forms.label.email')} autoComplete={of ? 'off' : 'email'} />
    </>
  )
}

/** An address: street, then zip and city (side by side in row, a class, when given), in the form's own words. */
export function AddressFields({ street, zip, city, row }: { street: ReactNode; zip: ReactNode; city: ReactNode; row?: string }) {
  const place = (
    <>
      <TextField name="zip" label={zip} autoComplete="postal-code" />
      <TextField name="city" label={city} autoComplete="address-level2" />
    </>
  )
  return (
    <>
      <TextField name="street" label={street} autoComplete="street-address" />
      {row ? <div className={row}>{place}</div> : place}
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
