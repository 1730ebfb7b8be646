import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, type InputHTMLAttributes } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { LoginProps } from '../../../../gen/admin'
import { useRouter } from '../../../../lib/router'
import { codeSchema, posted } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { texts } from '../../../shared/texts'

const passwordStep = z.object({
  email: z.string().trim().min(1, 'admin.login.emailRequired').email('admin.login.emailInvalid'),
  password: z.string().min(1, 'admin.login.passwordRequired'),
})
const codeStep = codeSchema
/** account.MinPassword: the server's rule, said before the round trip. */
const MIN_PASSWORD = 10
const chooseStep = z
  .object({
    password: z.string().min(1, 'forms.error.required').min(MIN_PASSWORD, 'forms.error.passwordShort'),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], message: 'forms.error.passwordMatch' })

type Values = { email?: string; password?: string; passwordConfirm?: string; code?: string }
const schemas = { password: passwordStep, code: codeStep, choose: chooseStep, unknown: z.object({}) }

/** The login's two steps: address and password, then the second factor's code (when the account has one). */
export function LoginPage(props: LoginProps) {
  const t = texts(props)
  const router = useRouter()
  const code = props.step === 'code'
  const choose = props.step === 'choose'
  const form = useForm<Values>({
    resolver: zodResolver(schemas[props.step]) as never,
    defaultValues: code ? { code: '' } : choose ? { password: '', passwordConfirm: '' } : { email: posted(props.form, undefined, 'email') ?? '', password: '' },
  })
  const { register, handleSubmit, formState, setError, setFocus } = form
  // The server's refusal on its field, as the browser's own.
  useEffect(() => {
    for (const [name, key] of Object.entries(props.errors ?? {})) {
      if (name !== 'form' && key) setError(name as keyof Values, { message: key })
    }
    if (props.step !== 'unknown') setFocus(code ? 'code' : choose || posted(props.form, undefined, 'email') ? 'password' : 'email')
  }, [props.errors, props.form, props.step, code, choose, setError, setFocus])
  const submit = handleSubmit((data) => router?.visit(props.action, { method: 'post', data: choose ? { ...data, token: props.token ?? '' } : data }))
  const err = (name: keyof Values) => formState.errors[name]?.message
  const field = (name: keyof Values, label: string, input: InputHTMLAttributes<HTMLInputElement>) => (
    <p className="admin-field">
      <label htmlFor={`login-${name}`}>{label}</label>
      <input id={`login-${name}`} aria-invalid={err(name) ? true : undefined} aria-describedby={err(name) ? `login-${name}-error` : undefined} {...input} {...register(name)} />
      {err(name) && <span id={`login-${name}-error`} className="admin-error">{t(err(name)!)}</span>}
    </p>
  )
  if (props.step === 'unknown') {
    return (
      <Shell base={props} title={t('admin.password.unknownTitle')}>
        <p>{t('admin.password.unknown')}</p>
        <p><a href={props.action}>{t('admin.login.title')}</a></p>
      </Shell>
    )
  }
  const title = code ? 'admin.login.codeTitle' : choose ? 'admin.password.title' : 'admin.login.title'
  return (
    <Shell base={props} title={t(title)}>
      <form method="post" action={props.action} className="admin-login" noValidate onSubmit={submit}>
        {choose ? (
          <>
            <p>{t('admin.password.help', { email: props.email ?? '' })}</p>
            <input type="hidden" name="token" value={props.token ?? ''} />
            <input type="email" name="username" autoComplete="username" value={props.email ?? ''} readOnly hidden />
            {field('password', t('admin.login.password'), { type: 'password', autoComplete: 'new-password' })}
            {field('passwordConfirm', t('admin.password.confirm'), { type: 'password', autoComplete: 'new-password' })}
          </>
        ) : code ? (
          <>
            <p>{t('admin.login.codeHelp')}</p>
            {field('code', t('admin.login.code'), { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 })}
          </>
        ) : (
          <>
            {field('email', t('admin.login.email'), { type: 'email', autoComplete: 'username' })}
            {field('password', t('admin.login.password'), { type: 'password', autoComplete: 'current-password' })}
          </>
        )}
        <button type="submit" disabled={formState.isSubmitting}>{t(code ? 'admin.login.verify' : choose ? 'admin.password.submit' : 'admin.login.submit')}</button>
      </form>
    </Shell>
  )
}
