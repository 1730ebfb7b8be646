import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useT } from '../../../lib/i18n'
import { usePage, useRouter } from '../../../lib/router'
import './newsletter.css'

const KIND = 'sign-newsletter'
/**
 * The honeypot field (forms' HONEYPOT_FIELD, altcha.HoneypotField in Go),
 * written here: importing the forms kit would put its form library on
 * every page's first load. NewsletterSignup.test.tsx keeps the two equal.
 */
const HONEYPOT_FIELD = 'website2'
/** The anchor a refused post without JavaScript comes back to. */
const ANCHOR = 'newsletter'

interface Posted {
  errors?: Partial<Record<string, string>>
  form?: { name: string; values: Record<string, string | string[]> }
}

/**
 * The footer's newsletter sign-up (SPEC §2, `sign-newsletter`): one email
 * field posting to the page it is on (a page with no address of its own, a
 * 404, posts to the home page). The server answers with the thank-you page,
 * which asks to confirm by the mailed link (double opt-in), or this page
 * again with the error. Kept light on purpose (no form library): it is on
 * every page's first load.
 */
export function NewsletterSignup({ home }: { home: string }) {
  const t = useT()
  const page = usePage<Posted>()
  const router = useRouter()
  const uid = useId()
  const mine = page.props.form?.name === KIND
  const errors = (mine && page.props.errors) || {}
  const typed = mine ? page.props.form?.values?.email : undefined
  const base = page.component === 'NotFound' ? home : page.url.split('#')[0]
  const action = `${base}#${ANCHOR}`
  const [sending, setSending] = useState(false)
  const [failed, setFailed] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const key = failed ? 'forms.error.sendFailed' : (errors.email ?? errors.form ?? errors.altcha)
  useEffect(() => {
    if (mine && page.props.errors) input.current?.focus()
  }, [mine, page.props.errors])

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (!router) return // not hydrated: the browser posts the form itself
    e.preventDefault()
    const data: Record<string, string> = {}
    new FormData(e.currentTarget).forEach((v, k) => {
      if (typeof v === 'string') data[k] = v
    })
    setFailed(false)
    setSending(true)
    router
      .visit(action, { method: 'post', data, preserveScroll: true, preserveState: true })
      .catch(() => setFailed(true))
      .finally(() => setSending(false))
  }

  const errorId = `${uid}-error`
  return (
    <section id={ANCHOR} className="newsletter-signup" aria-labelledby={`${uid}-title`}>
      <div className="container newsletter-inner">
        <div>
          <h2 id={`${uid}-title`} className="newsletter-title">
            {t('newsletter.footerTitle')}
          </h2>
          <p className="newsletter-intro">{t('newsletter.footerIntro')}</p>
        </div>
        <form className="newsletter-form" method="post" action={action} noValidate onSubmit={onSubmit}>
          <input type="hidden" name="form" value={KIND} />
          <label htmlFor={`${uid}-email`} className="sr-only">
            {t('newsletter.email')}
          </label>
          <input
            ref={input}
            id={`${uid}-email`}
            type="email"
            name="email"
            autoComplete="email"
            placeholder={t('newsletter.email')}
            defaultValue={typeof typed === 'string' ? typed : undefined}
            aria-invalid={key ? true : undefined}
            aria-describedby={key ? errorId : undefined}
            required
          />
          <div className="vf-hp" aria-hidden="true">
            <label htmlFor={`${uid}-hp`}>{t('forms.honeypot')}</label>
            <input id={`${uid}-hp`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <button className="button button-accent" type="submit" disabled={sending} aria-busy={sending || undefined}>
            {t('newsletter.footerButton')}
          </button>
          {key && (
            <p id={errorId} className="newsletter-error" role="alert">
              {t(key)}
            </p>
          )}
        </form>
      </div>
    </section>
  )
}
