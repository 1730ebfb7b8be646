import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { AccountProps } from '../../../../gen/admin'
import { useRouter } from '../../../../lib/router'
import { codeSchema, PostButton, PostForm } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { autonyms, roleLabel, texts, type T } from '../../../shared/texts'

/** The key in groups of four, as it is typed into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

/** A staff member's own sign-in: who they are, and their second factor turned on (QR code, first code) or off (a code). */
export function AccountPage(props: AccountProps) {
  const t = texts(props)
  return (
    <Shell base={props} title={t('admin.title.AdminAccount')}>
      <dl className="admin-facts">
        <dt>{t('admin.lead.name')}</dt><dd>{props.name || '—'}</dd>
        <dt>{t('admin.lead.email')}</dt><dd>{props.email}</dd>
        <dt>{t('admin.staff.role')}</dt><dd>{roleLabel(t, props.role)}</dd>
      </dl>
      <section aria-labelledby="account-2fa">
        <h2 id="account-2fa">{t('admin.staff.twoFactor')} <span className="admin-status">{t(props.twoFactor === 'on' ? 'admin.staff.on' : 'admin.staff.off')}</span></h2>
        {props.twoFactor === 'off' && (
          <>
            <p>{t('admin.account.offHelp')}</p>
            <PostButton action={props.action} fields={{ action: 'begin' }} label={t('admin.account.begin')} />
          </>
        )}
        {props.twoFactor === 'waiting' && (
          <>
            <ol className="admin-steps">
              <li>{t('admin.account.step1')}</li>
              <li>
                {t('admin.account.step2')}
                <div className="admin-qr">
                  <img src={props.qr} width={240} height={240} alt={t('admin.account.qrAlt')} />
                  <p>{t('admin.account.manual')}<br /><code className="admin-secret">{grouped(props.secret)}</code></p>
                </div>
              </li>
              <li>{t('admin.account.step3')}</li>
            </ol>
            <CodeForm props={props} t={t} action="confirm" submit="admin.account.confirm" />
            <PostButton action={props.action} fields={{ action: 'begin' }} className="admin-aside" label={t('admin.account.again')} buttonClassName="admin-quiet" />
          </>
        )}
        {props.twoFactor === 'on' && (
          <>
            <p>{t('admin.account.onHelp')}</p>
            <CodeForm props={props} t={t} action="off" submit="admin.account.off" />
          </>
        )}
      </section>
      <section aria-labelledby="account-lang">
        <h2 id="account-lang">{t('admin.account.lang')}</h2>
        <p>{t('admin.account.langHelp')}</p>
        <PostForm action={props.action} fields={{ action: 'lang' }}>
          <label>
            <span className="admin-sr">{t('admin.account.lang')}</span>
            <select name="lang" defaultValue={props.chosenLang || props.lang} key={props.chosenLang}>
              {(props.langs ?? []).map((l) => <option key={l} value={l} lang={l}>{autonyms[l] ?? l.toUpperCase()}</option>)}
            </select>
          </label>{' '}
          <button type="submit">{t('admin.account.setLang')}</button>
          {props.form?.name === 'lang' && props.errors?.lang && <span className="admin-error" role="alert">{t(props.errors.lang)}</span>}
        </PostForm>
      </section>
    </Shell>
  )
}

/** The code form: the first code (confirm) or a current one (off). */
function CodeForm({ props, t, action, submit }: { props: AccountProps; t: T; action: 'confirm' | 'off'; submit: string }) {
  const router = useRouter()
  const form = useForm<{ code: string }>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } })
  const { register, handleSubmit, formState, setError, setFocus } = form
  useEffect(() => {
    const key = props.form?.name === action ? props.errors?.code : undefined
    if (key) {
      setError('code', { message: key })
      setFocus('code')
    }
  }, [props.errors, props.form, action, setError, setFocus])
  const err = formState.errors.code?.message
  const send = handleSubmit((data) => router?.visit(props.action, { method: 'post', data: { action, ...data }, preserveScroll: true }))
  return (
    <form method="post" action={props.action} className="admin-login" noValidate onSubmit={send}>
      <input type="hidden" name="action" value={action} />
      <p className="admin-field">
        <label htmlFor={`account-${action}`}>{t('admin.login.code')}</label>
        <input id={`account-${action}`} inputMode="numeric" autoComplete="one-time-code" maxLength={7}
          aria-invalid={err ? true : undefined} aria-describedby={err ? `account-${action}-error` : undefined} {...register('code')} />
        {err && <span id={`account-${action}-error`} className="admin-error">{t(err)}</span>}
      </p>
      <p><button type="submit" disabled={formState.isSubmitting}>{t(submit)}</button></p>
    </form>
  )
}
