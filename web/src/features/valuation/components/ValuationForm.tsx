import { Altcha, ContactTimeField, PersonFields, RadioGroup, SelectField, TextArea, TextField, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { usePage } from '../../../lib/router'
import type { ValuationProps } from '../model/types'

/** The anchor of the form: a refused post without JavaScript comes back to it. */
const ANCHOR = 'valuation'

/** The valuation request itself, with the forms kit a chunk of its own (ValuationPage). */
export function ValuationForm({ types }: Pick<ValuationProps, 'types'>) {
  const t = useT()
  const { url } = usePage()
  const choices = types ?? []
  return (
    <div id={ANCHOR} className="valuation-card">
      <VisitorForm
        kind="contact-demand"
        action={`${url.split('#')[0]}#${ANCHOR}`}
        antiSpam={<Altcha />}
        submitLabel={t('valuation.send')}
      >
        <fieldset className="valuation-group">
          <legend>{t('valuation.you')}</legend>
          <PersonFields />
        </fieldset>
        <fieldset className="valuation-group">
          <legend>{t('valuation.property')}</legend>
          <TextField name="street" label={t('valuation.street')} autoComplete="street-address" />
          <div className="valuation-row">
            <TextField name="zip" label={t('valuation.zip')} autoComplete="postal-code" />
            <TextField name="city" label={t('valuation.city')} autoComplete="address-level2" />
          </div>
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
