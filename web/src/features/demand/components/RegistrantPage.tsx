import { type ReactNode } from 'react'
import { usePage } from '../../../lib/router'
import { CardPage, LoginFields, NewPasswordFields, PlainFormError } from '../../../shared/plainforms'
import { useSay } from '../model/texts'
import type { RegistrantProps } from '../model/types'
import { RegistrantArea } from './RegistrantArea'
import { Input } from './Input'
import './demand.css'
import { useElementId } from '../../../lib/hydration/ids'

type Say = ReturnType<typeof useSay>

/**
 * The registrants' pages, one view: the login, the forgotten password, the
 * pages a reset link and a confirmation link open, and the area. Plain
 * HTML forms posting to the page: they work without JavaScript, and the
 * router posts them the same way with it.
 */
export function RegistrantPage(props: RegistrantProps) {
  const say = useSay(props.texts)
  // The forms post to the page itself when the server names no action.
  const here = usePage().url.split(/[?#]/)[0]
  if (!props.action) props = { ...props, action: here }
  switch (props.page) {
    case 'area':
      return <RegistrantArea {...props} say={say} />
    case 'forgot':
      return <Forgot {...props} say={say} />
    case 'reset':
    case 'confirm':
    case 'failed':
      return <LinkPage {...props} say={say} />
    default:
      return <Login {...props} say={say} />
  }
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return <CardPage look="registrant" title={title}>{children}</CardPage>
}

export function FormError({ error, say }: { error?: string; say: Say }) {
  return <PlainFormError error={error} say={say} look="registrant" />
}

function Login({ title, action, errors, form, forgot, register, ownerLogin, notice, say }: RegistrantProps & { say: Say }) {
  const uid = useElementId()
  return (
    <Card title={title}>
      {notice && (
        <p className="registrant-notice" role="status">
          {say(notice)}
        </p>
      )}
      <p>{say('registrant.login.intro')}</p>
      <form method="post" action={action} noValidate>
        <FormError error={errors?.form} say={say} />
        <LoginFields uid={uid} labels={[say('registrant.login.email'), say('registrant.login.password')]} error={errors?.email} typed={form?.values?.email}
          say={say} look="registrant" />
        <button className="button" type="submit">{say('registrant.login.submit')}</button>
      </form>
      <p><a href={forgot}>{say('registrant.login.forgot')}</a></p>
      {register && <p><a href={register}>{say('registrant.login.register')}</a></p>}
      {ownerLogin && <p><a href={ownerLogin}>{say('registrant.login.owner')}</a></p>}
    </Card>
  )
}

function Forgot({ title, action, errors, form, state, login, say }: RegistrantProps & { say: Say }) {
  const uid = useElementId()
  const typed = form?.values?.email
  return (
    <Card title={title}>
      {state === 'sent' ? (
        <p className="registrant-notice" role="status">{say('registrant.forgot.sent')}</p>
      ) : (
        <>
          <p>{say('registrant.forgot.intro')}</p>
          <form method="post" action={action} noValidate>
            <FormError error={errors?.form} say={say} />
            <Input id={`${uid}-email`} name="email" type="email" autoComplete="email" label={say('registrant.forgot.email')} error={errors?.email} say={say}
              defaultValue={typeof typed === 'string' ? typed : undefined} required />
            <button className="button" type="submit">{say('registrant.forgot.submit')}</button>
          </form>
        </>
      )}
      <p><a href={login}>{say('registrant.link.login')}</a></p>
    </Card>
  )
}

function LinkPage({ page, title, action, errors, state, token, email, choosePassword, login, say }: RegistrantProps & { say: Say }) {
  const uid = useElementId()
  if (state === 'unknown' || state === 'failed') {
    return (
      <Card title={title}>
        <p role={state === 'failed' ? 'alert' : undefined}>{say(state === 'failed' ? 'registrant.link.failed' : 'registrant.link.unknown')}</p>
        <p><a href={login}>{say('registrant.link.login')}</a></p>
      </Card>
    )
  }
  return (
    <Card title={title}>
      <p>{say(page === 'confirm' && choosePassword ? 'registrant.confirm.introNew' : `registrant.${page}.intro`, { email: email ?? '' })}</p>
      <form method="post" action={action} noValidate>
        <FormError error={errors?.form} say={say} />
        <input type="hidden" name="token" value={token ?? ''} />
        {choosePassword && (
          <>
            <input type="email" name="email" autoComplete="username" value={email ?? ''} readOnly hidden />
            <NewPasswordFields uid={uid} labels={[say('registrant.reset.password'), say('registrant.reset.passwordConfirm')]}
              hint={say('registrant.register.passwordHint')} errors={errors} say={say} look="registrant" />
          </>
        )}
        <button className="button" type="submit">{say(`registrant.${page}.submit`)}</button>
      </form>
    </Card>
  )
}
