import { AddressFields, ContactTimeField, PersonFields, RadioGroup, SelectField, TextArea, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import type { ValuationProps } from '../model/types'

/** The anchor of the form: a refused post without JavaScript comes back to it. */
const ANCHOR = 'valuation'

/** The valuation request itself, with the forms kit a chunk of its own (ValuationPage). */
export function ValuationForm({ types }: Pick<ValuationProps, 'types'>) {
  const t = useT()
  const choices = types ?? []
  return (
    <div id={ANCHOR} className="valuation-card">
      <VisitorForm
        kind="contact-demand"
        anchor={ANCHOR}
        submitLabel={t('valuation.send')}
      >
        <fieldset className="valuation-group">
          <legend>{t('valuation.you')}</legend>
          <PersonFields />
        </fieldset>
        <fieldset className="valuation-group">
          <legend>{t('valuation.property')}</legend>
          <AddressFields street={t('valuation.street')} zip={t('valuation.zip')} city={t('valuation.city')} row="valuation-row" />
          <RadioGroup
            name="goal"
            label={t('valuation.goal')}
            options={[
              { value: 'sale', label: t('valuation.goalSale') },
              { value: 'rent', label: t('valuation.goalRent') },
            ]}
          />
          {choices.length > 0 && (
            <SelectField
              name="propertyType"
              label={t('valuation.propertyType')}
              placeholder={t('valuation.anyType')}
              options={choices.map((name) => ({ value: name, label: name }))}
            />
          )}
          <TextArea name="remark" label={t('valuation.remark')} />
          <ContactTimeField />
        </fieldset>
      </VisitorForm>
    </div>
  )
}

export default ValuationForm
