import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, type InputHTMLAttributes } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { LoginProps } from '../../gen/admin'
import { useRouter } from '../../lib/router'
import { Shell } from '../ui/Shell'
import { texts } from '../ui/texts'

const passwordStep = z.object({
  email: z.string().trim().min(1, 'admin.login.emailRequired').email('admin.login.emailInvalid'),
  password: z.string().min(1, 'admin.login.passwordRequired'),
})
const codeStep = z.object({ code: z.string().trim().regex(/^\d{3} ?\d{3}$/, 'admin.login.codeFormat') })

type Values = { email?: string; password?: string; code?: string }

/** The login's two steps: address and password, then the second factor's code (when the account has one). */
export function LoginPage(props: LoginProps) {
  const t = texts(props)
  const router = useRouter()
  const code = props.step === 'code'
  const form = useForm<Values>({
    resolver: zodResolver(code ? codeStep : passwordStep) as never,
    defaultValues: code ? { code: '' } : { email: props.form?.email ?? '', password: '' },
  })
  const { register, handleSubmit, formState, setError, setFocus } = form
  // The server's refusal on its field, as the browser's own.
  useEffect(() => {
    for (const [name, key] of Object.entries(props.errors ?? {})) {
      if (name !== 'form' && key) setError(name as keyof Values, { message: key })
    }
    setFocus(code ? 'code' : props.form?.email ? 'password' : 'email')
  }, [props.errors, props.form, code, setError, setFocus])
  const submit = handleSubmit((data) => router?.visit(props.action, { method: 'post', data }))
  const err = (name: keyof Values) => formState.errors[name]?.message
  const field = (name: keyof Values, label: string, input: InputHTMLAttributes<HTMLInputElement>) => (
    <p className="admin-field">
      <label htmlFor={`login-${name}`}>{label}</label>
      <input id={`login-${name}`} aria-invalid={err(name) ? true : undefined} aria-describedby={err(name) ? `login-${name}-error` : undefined} {...input} {...register(name)} />
      {err(name) && <span id={`login-${name}-error`} className="admin-error">{t(err(name)!)}</span>}
    </p>
  )
  return (
    <Shell base={props} title={t(code ? 'admin.login.codeTitle' : 'admin.login.title')}>
      <form method="post" action={props.action} className="admin-login" noValidate onSubmit={submit}>
        {code ? (
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
        <button type="submit" disabled={formState.isSubmitting}>{t(code ? 'admin.login.verify' : 'admin.login.submit')}</button>
      </form>
    </Shell>
  )
}
