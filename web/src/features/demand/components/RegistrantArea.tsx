import type { RegistrantDemand, RegistrantProps, SearchForm } from '../model/types'
import { FormError } from './RegistrantPage'
import { Input } from './Input'
import { SearchRanges } from './SearchFields'
import { useElementId } from '../../../lib/hydration/ids'

type Say = (key: string, vars?: Record<string, string>) => string

/** A form of the area: posts its action (and a demand's id) to the area. */
function Action({ action, name, demand, label, className }: { action: string; name: string; demand?: number; label: string; className?: string }) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="action" value={name} />
      {demand != null && <input type="hidden" name="demand" value={demand} />}
      <button type="submit" className={className ?? 'button button-outline'}>
        {label}
      </button>
    </form>
  )
}

/**
 * The registrant's area: their searches (each one's words, state and the
 * properties sent; change, pause or resume, delete), how often they hear of
 * matches, their details, their password, their data (download, delete the
 * account), and the logout. Every change is a plain form posting here; the
 * page comes back with a notice or with the form's errors.
 */
export function RegistrantArea({ title, action, account, demands, search, export: exportURL, notice, errors, form, say }: RegistrantProps & { say: Say }) {
  const uid = useElementId()
  const posted = form?.name === 'registrant-area' ? (form.values ?? {}) : {}
  const postedAction = typeof posted.action === 'string' ? posted.action : ''
  const postedDemand = typeof posted.demand === 'string' ? Number(posted.demand) : 0
  const errorsOf = (a: string, d = 0) => (postedAction === a && postedDemand === d ? (errors ?? {}) : {})
  // A refusal no form below shows (a search gone meanwhile, from another tab): said at the top.
  const shown = ['details', 'password', 'add'].includes(postedAction) || (demands ?? []).some((d) => d.id === postedDemand && postedAction === 'edit')
  const orphan = errors?.form && !shown ? errors.form : undefined
  return (
    <div className="page registrant-page">
      <div className="container">
        <div className="registrant-top">
          <h1>{title}</h1>
          <Action action={action} name="logout" label={say('registrant.area.logout')} />
        </div>
        {notice && (
          <p className="registrant-notice" role="status">
            {say(notice)}
          </p>
        )}
        <FormError error={orphan} say={say} />
        <section className="registrant-section" aria-labelledby={`${uid}-demands`}>
          <h2 id={`${uid}-demands`}>{say('registrant.area.demands')}</h2>
          {(demands ?? []).length === 0 && <p>{say('registrant.area.none')}</p>}
          {(demands ?? []).map((d) => (
            <Demand key={d.id} d={d} action={action} search={search} say={say} errors={errorsOf('edit', d.id)} posted={postedAction === 'edit' && postedDemand === d.id ? posted : null} />
          ))}
          {/* Another search, added here: the session proves the address, no password nor mail needed. */}
          <details className="registrant-add" id="add" open={postedAction === 'add'}>
            <summary>{say('registrant.area.add')}</summary>
            <SearchEditForm action={`${action}#add`} name="add" values={postedAction === 'add' ? posted : {}} search={search} say={say}
              errors={errorsOf('add')} submit={say('registrant.area.addSubmit')} />
          </details>
        </section>
        {account && (
          <>
            <section className="registrant-section" id="details" aria-labelledby={`${uid}-details`}>
              <h2 id={`${uid}-details`}>{say('registrant.area.details')}</h2>
              <p>{account.email}</p>
              <form method="post" action={`${action}#details`} noValidate>
                <input type="hidden" name="action" value="details" />
                <FormError error={errorsOf('details').form} say={say} />
                <Input id={`${uid}-first`} name="firstName" autoComplete="given-name" label={say('registrant.area.firstName')} defaultValue={account.firstName} error={errorsOf('details').firstName} say={say} required />
                <Input id={`${uid}-last`} name="lastName" autoComplete="family-name" label={say('registrant.area.lastName')} defaultValue={account.lastName} error={errorsOf('details').lastName} say={say} required />
                <Languages id={`${uid}-lang`} value={account.lang} label={say('registrant.area.lang')} />
                <fieldset className="registrant-checks">
                  <legend>{say('registrant.area.frequency')}</legend>
                  {(['instant', 'daily'] as const).map((f) => (
                    <label key={f}>
                      <input type="radio" name="alertFrequency" value={f} defaultChecked={account.alertFrequency === f} /> {say(`registrant.area.${f}`)}
                    </label>
                  ))}
                </fieldset>
                <button className="button" type="submit">{say('registrant.area.saveDetails')}</button>
              </form>
            </section>
            <section className="registrant-section" id="password" aria-labelledby={`${uid}-password`}>
              <h2 id={`${uid}-password`}>{say('registrant.area.password')}</h2>
              <form method="post" action={`${action}#password`} noValidate>
                <input type="hidden" name="action" value="password" />
                <input type="email" name="email" autoComplete="username" value={account.email} readOnly hidden />
                <Input id={`${uid}-current`} name="current" type="password" autoComplete="current-password" label={say('registrant.area.current')} error={errorsOf('password').current} say={say} required />
                <Input id={`${uid}-new`} name="password" type="password" autoComplete="new-password" label={say('registrant.area.newPassword')} hint={say('registrant.register.passwordHint')} error={errorsOf('password').password} say={say} required />
                <Input id={`${uid}-confirm`} name="passwordConfirm" type="password" autoComplete="new-password" label={say('registrant.area.confirmPassword')} error={errorsOf('password').passwordConfirm} say={say} required />
                <button className="button" type="submit">{say('registrant.area.changePassword')}</button>
              </form>
            </section>
          </>
        )}
        <section className="registrant-section" aria-labelledby={`${uid}-data`}>
          <h2 id={`${uid}-data`}>{say('registrant.area.data')}</h2>
          {exportURL && (
            <p>
              <a href={exportURL} download>
                {say('registrant.area.export')}
              </a>
            </p>
          )}
          <details>
            <summary className="registrant-danger">{say('registrant.area.deleteAccount')}</summary>
            <p>{say('registrant.area.deleteAccountHint')}</p>
            <Action action={action} name="delete-account" label={say('registrant.area.deleteAccountConfirm')} className="button" />
          </details>
        </section>
      </div>
    </div>
  )
}

/** Each language by its own name (an autonym reads the same on every page). */
const AUTONYMS = { nl: 'Nederlands', fr: 'Français', en: 'English', de: 'Deutsch' } as const

function Languages({ id, value, label }: { id: string; value: string; label: string }) {
  return (
    <div className="registrant-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="lang" defaultValue={value}>
        {(Object.keys(AUTONYMS) as (keyof typeof AUTONYMS)[]).map((l) => (
          <option key={l} value={l} lang={l}>
            {AUTONYMS[l]}
          </option>
        ))}
      </select>
    </div>
  )
}

function Demand({ d, action, search, say, errors, posted }: { d: RegistrantDemand; action: string; search?: SearchForm; say: Say; errors: Partial<Record<string, string>>; posted: Record<string, string | string[]> | null }) {
  const uid = useElementId()
  const anchor = `demand-${d.id}`
  return (
    <article className="registrant-demand" id={anchor} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{d.summary}</h3>
      <p className="registrant-state">
        {!d.confirmed ? say('registrant.area.pending') : d.paused ? say('registrant.area.paused') : say('registrant.area.alerts', { n: String(d.alerts) })}
      </p>
      <p>
        {say('registrant.area.since', { date: d.created })}
      </p>
      <div className="registrant-actions">
        {d.confirmed && <Action action={action} name={d.paused ? 'resume' : 'pause'} demand={d.id} label={say(d.paused ? 'registrant.area.resume' : 'registrant.area.pause')} />}
      </div>
      {/* Deleting asks once more (with JavaScript and without): one click does not lose a search. */}
      <details className="registrant-delete">
        <summary className="registrant-danger">{say('registrant.area.delete')}</summary>
        <Action action={action} name="delete" demand={d.id} label={say('registrant.area.deleteConfirm')} />
      </details>
      <details className="registrant-edit" open={Object.keys(errors).length > 0}>
        <summary>{say('registrant.area.edit')}</summary>
        <SearchEditForm action={`${action}#${anchor}`} name="edit" demand={d.id} values={posted ?? d.values ?? {}} search={search} say={say} errors={errors}
          submit={say('registrant.area.save')} />
      </details>
    </article>
  )
}

/**
 * A search as a plain form (the area's: a search changed, or one added):
 * purpose, types, zones as checkboxes, the ranges; refused, it comes back
 * open at its anchor with its problems and what was typed.
 */
function SearchEditForm({ action, name, demand, values, search, say, errors, submit }: {
  action: string
  name: 'edit' | 'add'
  demand?: number
  values: Record<string, string | string[]>
  search?: SearchForm
  say: Say
  errors: Partial<Record<string, string>>
  submit: string
}) {
  const uid = useElementId()
  const has = (field: string, v: string) => {
    const x = values[field]
    return Array.isArray(x) ? x.includes(v) : x === v
  }
  return (
    <form method="post" action={action} noValidate>
      <input type="hidden" name="action" value={name} />
      {demand != null && <input type="hidden" name="demand" value={demand} />}
      <FormError error={errors.form} say={say} />
      <Checks legend={say('registrant.register.purpose')} name="purpose" type="radio" has={has} error={errors.purpose} say={say}
        options={(['buy', 'rent'] as const).map((p) => [p, say(`registrant.register.${p}`)])} />
      <Checks legend={say('registrant.register.types')} name="types" type="checkbox" has={has} error={errors.types} say={say}
        options={(search?.types ?? []).map((c) => [c.value, c.label])} />
      <Checks legend={say('registrant.register.zones')} name="zones" type="checkbox" has={has} error={errors.zones} say={say}
        options={(search?.zones ?? []).map((z) => [z.id, z.name])} />
      <SearchRanges
        say={say}
        values={values}
        Field={({ name: field, label, defaultValue }) => (
          <Input id={`${uid}-${field}`} name={field} type="number" label={label} defaultValue={defaultValue} error={errors[field]} say={say} />
        )}
      />
      <button className="button" type="submit">{submit}</button>
    </form>
  )
}

/** A search's choices of one field (name) in a fieldset: options as [value, words], those it holds (has) ticked, its problem under them. */
function Checks({ legend, name, type, options, has, error, say }: {
  legend: string
  name: string
  type: 'radio' | 'checkbox'
  options: [string, string][]
  has: (field: string, v: string) => boolean
  error?: string
  say: Say
}) {
  return (
    <fieldset className="registrant-checks">
      <legend>{legend}</legend>
      {options.map(([v, words]) => (
        <label key={v}>
          <input type={type} name={name} value={v} defaultChecked={has(name, v)} /> {words}
        </label>
      ))}
      <Err error={error} say={say} />
    </fieldset>
  )
}

function Err({ error, say }: { error?: string; say: Say }) {
  if (!error) return null
  return (
    <p className="field-error" role="alert">
      {say(error)}
    </p>
  )
}
