import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { StaffProps, StaffRow } from '../../../../gen/admin'
import { Link, useRouter } from '../../../../lib/router'
import { posted, PostButton, PostForm } from '../../../shared/forms'
import { Table, Who } from '../../../shared/lists'
import { Shell } from '../../../shared/frame'
import { autonyms, roleLabel, type T, texts, when } from '../../../shared/texts'

/** field.Text's bound on a name, said before the round trip. */
const MAX_NAME = 200
const addSchema = z.object({
  email: z.string().trim().min(1, 'forms.error.required').email('forms.error.email'),
  firstName: z.string().trim().max(MAX_NAME, 'forms.error.tooLong'),
  lastName: z.string().trim().max(MAX_NAME, 'forms.error.tooLong'),
  role: z.enum(['admin', 'agent'], { message: 'forms.error.choice' }),
  lang: z.string().min(1, 'forms.error.required'),
})
type AddValues = z.infer<typeof addSchema>


/** The staff (admins only): who works the inbox, and the forms that add, promote, disable, invite again and reset. */
export function StaffPage(props: StaffProps) {
  const t = texts(props)
  const members = props.members ?? []
  return (
    <Shell base={props} title={t('admin.title.AdminStaff')}>
      <Table rows={members} row={(m) => <MemberRow key={m.id} m={m} props={props} t={t} />}
        head={[t('admin.staff.member'), t('admin.staff.role'), t('admin.staff.state'), t('admin.staff.twoFactor'), t('admin.staff.lastLink'), t('admin.staff.actions')]} />
      <AddForm props={props} t={t} />
      {props.access && <p className="admin-aside"><Link href={props.access}>{t('admin.staff.operatorAccess')}</Link></p>}
    </Shell>
  )
}

function MemberRow({ m, props, t }: { m: StaffRow; props: StaffProps; t: T }) {
  const id = String(m.id)
  const failed = posted(props.form, undefined, 'id') === id ? props.errors?.id ?? props.errors?.role : undefined
  // The role shown is the stored one after every answer: a change refused
  // (the last admin) does not leave the select on the value refused.
  const [role, setRole] = useState(m.role)
  useEffect(() => setRole(m.role), [m.role, props.errors])
  // The platform's operator: an account of the command line's (immo), which
  // this page shows and never changes.
  const operator = m.role === 'operator'
  return (
    <tr className={m.disabled ? 'admin-off' : undefined}>
      <td>
        <Who name={m.name} email={m.email} tag={m.self && <span className="admin-status">{t('admin.staff.you')}</span>} />
      </td>
      <td data-label={t('admin.staff.role')}>{roleLabel(t, m.role)}</td>
      <td data-label={t('admin.staff.state')}>
        {t(m.disabled ? 'admin.staff.disabled' : 'admin.staff.enabled')}
        {!m.passwordSet && <div>{t('admin.staff.noPassword')}</div>}
        {m.role === 'agent' && m.siteEditor && <div>{t('admin.staff.editsSite')}</div>}
      </td>
      <td data-label={t('admin.staff.twoFactor')}>{t(m.twoFactor ? 'admin.staff.on' : 'admin.staff.off')}</td>
      <td data-label={t('admin.staff.lastLink')}>{m.lastLink ? when(m.lastLink, props.lang) : t('admin.staff.never')}</td>
      <td>
        {operator ? (
          <>
            <span className="admin-small">{t('admin.staff.operatorManaged')}</span>
            {failed && <p className="admin-error" role="alert">{t(failed)}</p>}
          </>
        ) : (
          <div className="admin-row-actions">
            <PostForm action={props.action} fields={{ action: 'role', id }}>
              <label>
                <span className="admin-sr">{t('admin.staff.role')} {m.name || m.email}</span>
                <select name="role" value={role} onChange={(e) => setRole(e.target.value === 'admin' ? 'admin' : 'agent')}>
                  {(props.roles ?? []).map((r) => <option key={r} value={r}>{roleLabel(t, r)}</option>)}
                </select>
              </label>{' '}
              <button type="submit">{t('admin.staff.setRole')}</button>
            </PostForm>
            <PostButton action={props.action} fields={{ action: m.disabled ? 'enable' : 'disable', id }}
              confirm={m.disabled ? undefined : t('admin.staff.disableConfirm', { name: m.name || m.email })} label={t(m.disabled ? 'admin.staff.enable' : 'admin.staff.disable')} />
            {m.role === 'agent' && (
              <PostButton action={props.action} fields={{ action: m.siteEditor ? 'editor-off' : 'editor-on', id }}
                label={t(m.siteEditor ? 'admin.staff.editorOff' : 'admin.staff.editorOn')} />
            )}
            {!m.disabled && (
              <PostButton action={props.action} fields={{ action: 'resend', id }} label={t('admin.staff.resend')} />
            )}
            {m.twoFactor && (
              <PostButton action={props.action} fields={{ action: 'reset2fa', id }}
                confirm={t('admin.staff.reset2faConfirm', { name: m.name || m.email })} label={t('admin.staff.reset2fa')} />
            )}
            {failed && <p className="admin-error" role="alert">{t(failed)}</p>}
          </div>
        )}
      </td>
    </tr>
  )
}

/** The add form: the member's address, names, role and the language of their mail. */
function AddForm({ props, t }: { props: StaffProps; t: T }) {
  const router = useRouter()
  const typed = (name: keyof AddValues) => posted(props.form, 'add', name)
  const defaults: AddValues = {
    email: typed('email') ?? '', firstName: typed('firstName') ?? '', lastName: typed('lastName') ?? '',
    role: typed('role') === 'admin' ? 'admin' : 'agent', lang: typed('lang') ?? props.lang,
  }
  const form = useForm<AddValues>({ resolver: zodResolver(addSchema), defaultValues: defaults })
  const { register, handleSubmit, formState, setError, clearErrors, reset } = form
  // Emptied once the new member is in the list; the server's refusal on
  // its field otherwise.
  const count = props.members?.length ?? 0
  useEffect(() => reset({ email: '', firstName: '', lastName: '', role: 'agent', lang: props.lang }), [count, reset, props.lang])
  // Each answer of the server says what holds now: its refusal of the add
  // form, or nothing — a later success (another form's) leaves no old
  // refusal under the form.
  useEffect(() => {
    if (props.form?.name !== 'add') {
      clearErrors()
      return
    }
    for (const [name, key] of Object.entries(props.errors ?? {})) {
      if (name !== 'form' && key) setError(name as keyof AddValues, { message: key })
    }
  }, [props.errors, props.form, setError, clearErrors])
  const err = (name: keyof AddValues) => formState.errors[name]?.message
  const submit = handleSubmit((data) => router?.visit(props.action, { method: 'post', data: { action: 'add', ...data }, preserveScroll: true }))
  const field = (name: 'email' | 'firstName' | 'lastName', label: string, type = 'text') => (
    <p className="admin-field">
      <label htmlFor={`staff-${name}`}>{label}</label>
      <input id={`staff-${name}`} type={type} maxLength={name === 'email' ? 254 : MAX_NAME} autoComplete="off"
        aria-invalid={err(name) ? true : undefined} aria-describedby={err(name) ? `staff-${name}-error` : undefined} {...register(name)} />
      {err(name) && <span id={`staff-${name}-error`} className="admin-error">{t(err(name)!)}</span>}
    </p>
  )
  return (
    <section aria-labelledby="staff-add">
      <h2 id="staff-add">{t('admin.staff.add')}</h2>
      <p>{t('admin.staff.addHelp')}</p>
      <form method="post" action={props.action} className="admin-form" noValidate onSubmit={submit}>
        <input type="hidden" name="action" value="add" />
        {field('email', t('admin.lead.email'), 'email')}
        {field('firstName', t('admin.lead.firstName'))}
        {field('lastName', t('admin.lead.lastName'))}
        <p className="admin-field">
          <label htmlFor="staff-role">{t('admin.staff.role')}</label>
          <select id="staff-role" {...register('role')}>
            {(props.roles ?? []).map((r) => <option key={r} value={r}>{roleLabel(t, r)}</option>)}
          </select>
          {err('role') && <span className="admin-error">{t(err('role')!)}</span>}
        </p>
        <p className="admin-field">
          <label htmlFor="staff-lang">{t('admin.staff.lang')}</label>
          <select id="staff-lang" {...register('lang')}>
            {(props.langs ?? []).map((l) => <option key={l} value={l} lang={l}>{autonyms[l] ?? l.toUpperCase()}</option>)}
          </select>
          {err('lang') && <span className="admin-error">{t(err('lang')!)}</span>}
        </p>
        <p><button type="submit" disabled={formState.isSubmitting}>{t('admin.staff.addSubmit')}</button></p>
      </form>
    </section>
  )
}
