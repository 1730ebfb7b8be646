import { useCallback, useRef } from 'react'
import { AddressFields, CheckboxField, CheckboxGroup, PersonFields, RadioGroup, TextArea, TextField, VisitorForm } from '../../../shared/forms'
import { LAZY_FORMS } from '../../../gen/forms.lazy'
import { useT } from '../../../lib/i18n'
import { useSay } from '../model/texts'
import type { DemandRegisterProps } from '../model/types'
import { SearchRanges } from './SearchFields'
import { ZoneMap } from './ZoneMap'

/** The anchor of the form: a refused post without JavaScript comes back to it. */
const ANCHOR = 'demand'

/** The register's form itself, with the forms kit a chunk of its own (DemandRegisterPage). */
export function DemandRegisterForm({ texts, search }: Pick<DemandRegisterProps, 'texts' | 'search'>) {
  const say = useSay(texts)
  const t = useT()
  const zonesRef = useRef<HTMLDivElement>(null)
  const group = useCallback(() => zonesRef.current, [])
  const zones = search.zones ?? []
  return (
    <div id={ANCHOR} className="demand-card">
      <VisitorForm kind="demand-register" fields={LAZY_FORMS['demand-register']} anchor={ANCHOR} submitLabel={say('registrant.register.submit')}>
        <fieldset className="demand-group">
          <legend>{say('registrant.register.search')}</legend>
          <RadioGroup
            name="purpose"
            label={say('registrant.register.purpose')}
            options={[
              { value: 'buy', label: say('registrant.register.buy') },
              { value: 'rent', label: say('registrant.register.rent') },
            ]}
          />
          <CheckboxGroup name="types" label={say('registrant.register.types')} options={(search.types ?? []).map((c) => ({ value: c.value, label: c.label }))} />
          <div className="demand-zones">
            <ZoneMap search={search} group={group} />
            <div ref={zonesRef}>
              <CheckboxGroup
                name="zones"
                label={say('registrant.register.zones')}
                hint={say('registrant.register.zonesHint')}
                options={zones.map((z) => ({ value: z.id, label: z.name }))}
              />
            </div>
          </div>
        </fieldset>
        <fieldset className="demand-group">
          <legend>{say('registrant.register.ranges')}</legend>
          <SearchRanges say={say} Field={TextField} />
        </fieldset>
        <fieldset className="demand-group">
          <legend>{say('registrant.register.you')}</legend>
          <PersonFields />
          {/* SPEC §3: the address, how to reach them, a remark — all optional. */}
          <fieldset className="demand-address">
            <legend>{say('registrant.register.address')}</legend>
            <AddressFields street={say('registrant.register.street')} zip={say('registrant.register.zip')} city={say('registrant.register.city')} />
          </fieldset>
          <RadioGroup
            name="contactDevice"
            label={say('registrant.register.contactDevice')}
            options={(['phone', 'mobile', 'email'] as const).map((v) => ({ value: v, label: say(`registrant.register.device.${v}`) }))}
          />
          <CheckboxGroup
            name="contactTime"
            label={say('registrant.register.contactTime')}
            options={(['morning', 'afternoon', 'evening'] as const).map((v) => ({ value: v, label: t(`forms.contactTime.${v}`) }))}
          />
          <TextArea name="remark" label={say('registrant.register.remark')} />
          <CheckboxField name="newsletter" label={say('registrant.register.newsletter')} />
        </fieldset>
        <fieldset className="demand-group">
          <legend>{say('registrant.register.account')}</legend>
          <p className="demand-hint">{say('registrant.register.accountHint')}</p>
          <TextField name="password" type="password" autoComplete="new-password" label={say('registrant.register.password')} hint={say('registrant.register.passwordHint')} />
          <TextField name="passwordConfirm" type="password" autoComplete="new-password" label={say('registrant.register.passwordConfirm')} />
        </fieldset>
      </VisitorForm>
    </div>
  )
}

export default DemandRegisterForm
