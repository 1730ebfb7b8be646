import { FileField, FormDisclosure, PersonFields, RadioGroup, TextArea, TextField, VisitorForm } from '../../../shared/forms'
import type { OfferTerms } from '../../../gen/pages'
import { formatAmount } from '../../../lib/format'
import { useT } from '../../../lib/i18n'
import { RENT_ANCHOR } from '../model/offer'
import './offer.css'

/**
 * The rent application (`rent-application`) of a property for rent: the
 * candidate, their household, their move and their income, under SPEC
 * §9's notice (a deposit of 3 months of rent) and the agency's bounds
 * (minimum income, maximum persons), which the server enforces too; a CV
 * (PDF, DOC, DOCX) if they wish, checked by its content and mailed to the agency.
 */
export function RentApplicationForm({ terms }: { terms: OfferTerms }) {
  const t = useT()
  return (
    <FormDisclosure kind="rent-application" id={RENT_ANCHOR} className="property-section offer-form" summary={t('offer.rent.open')}>
      <p className="muted">{t('offer.rent.intro')}</p>
      <ul className="offer-notice">
        <li>{terms.deposit > 0 ? t('offer.rent.depositAmount', { amount: formatAmount(terms.deposit) }) : t('offer.rent.deposit')}</li>
        {terms.minIncome > 0 && <li>{t('offer.rent.minIncome', { amount: formatAmount(terms.minIncome) })}</li>}
        {terms.maxPersons > 0 && <li>{t('offer.rent.maxPersons', { max: terms.maxPersons })}</li>}
      </ul>
      <VisitorForm
        kind="rent-application"
        anchor={RENT_ANCHOR}
        submitLabel={t('offer.rent.send')}
      >
        <PersonFields />
        <fieldset className="vf-group offer-group">
          <legend>{t('offer.rent.household')}</legend>
          <div className="offer-row">
            <TextField name="adults" label={t('offer.rent.adults')} autoComplete="off" />
            <TextField name="kids" label={t('offer.rent.kids')} autoComplete="off" />
          </div>
          <RadioGroup
            name="pets"
            label={t('offer.rent.pets')}
            options={[
              { value: 'yes', label: t('offer.rent.yes') },
              { value: 'no', label: t('offer.rent.no') },
            ]}
          />
        </fieldset>
        <fieldset className="vf-group offer-group">
          <legend>{t('offer.rent.moving')}</legend>
          <TextField name="movingDate" label={t('offer.rent.movingDate')} autoComplete="off" />
          <TextArea name="movingReason" label={t('offer.rent.movingReason')} rows={2} />
        </fieldset>
        <fieldset className="vf-group offer-group">
          <legend>{t('offer.rent.income')}</legend>
          <div className="offer-row">
            <TextField name="income1" label={t('offer.rent.income1')} autoComplete="off" />
            <TextField name="income2" label={t('offer.rent.income2')} autoComplete="off" />
          </div>
        </fieldset>
        <FileField name="cv" label={t('offer.rent.cv')} />
        <TextArea name="remark" label={t('forms.label.remark')} rows={3} />
      </VisitorForm>
    </FormDisclosure>
  )
}
