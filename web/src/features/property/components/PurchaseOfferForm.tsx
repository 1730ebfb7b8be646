import { AddressFields, FormDisclosure, PersonFields, TextArea, TextField, VisitorForm } from '../../../shared/forms'
import type { OfferTerms } from '../../../gen/pages'
import { formatAmount } from '../../../lib/format'
import { useT } from '../../../lib/i18n'
import { usePage, type PostProps } from '../../../lib/router'
import { OFFER_ANCHOR } from '../model/offer'
import { AmountHint } from './AmountHint'
import { posted } from './posted'
import './offer.css'

/**
 * The purchase offer (`purchase-offer`) of a property for sale: the buyer,
 * their address, the amount, conditions and how long the offer holds, and
 * SPEC §9's notice: an advance of 10 % of the price, paid into the agent's
 * third-party account at signing (its amount when the price is public).
 */
export function PurchaseOfferForm({ terms }: { terms: OfferTerms }) {
  const t = useT()
  const { props } = usePage<PostProps>()
  const mine = props.form?.name === 'purchase-offer'
  return (
    <FormDisclosure kind="purchase-offer" id={OFFER_ANCHOR} className="property-section offer-form" summary={t('offer.purchase.open')}>
      <p className="muted">{t('offer.purchase.intro')}</p>
      <p className="offer-notice" role="note">
        {terms.advance > 0 ? t('offer.purchase.advanceAmount', { amount: formatAmount(terms.advance) }) : t('offer.purchase.advance')}
      </p>
      <VisitorForm
        kind="purchase-offer"
        anchor={OFFER_ANCHOR}
        submitLabel={t('offer.purchase.send')}
      >
        <PersonFields />
        <fieldset className="vf-group offer-group">
          <legend>{t('offer.purchase.address')}</legend>
          <AddressFields street={t('offer.purchase.street')} zip={t('offer.purchase.zip')} city={t('offer.purchase.city')} row="offer-row" />
        </fieldset>
        <AmountHint name="amount" initial={mine ? posted(props, 'amount') : undefined} label={(a) => a}>
          <TextField name="amount" label={t('offer.purchase.amount')} autoComplete="off" />
        </AmountHint>
        <TextArea name="conditions" label={t('offer.purchase.conditions')} rows={3} />
        <TextField name="validUntil" label={t('offer.purchase.validUntil')} autoComplete="off" />
        <TextArea name="remark" label={t('forms.label.remark')} rows={3} />
      </VisitorForm>
    </FormDisclosure>
  )
}
