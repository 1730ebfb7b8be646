import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ALTCHA_CHALLENGE_URL, ALTCHA_FIELD, altchaStrings, loadAltcha, type MountedAltcha } from '../../../lib/altcha'
import { useLang, useT } from '../../../lib/i18n'
import { HONEYPOT_FIELD } from '../../../gen/honeypot'
import { usePage, useRouter, type PostProps } from '../../../lib/router'
import './newsletter.css'
import { useElementId } from '../../../lib/hydration/ids'

const KIND = 'sign-newsletter'
/** The anchor a refused post without JavaScript comes back to. */
const ANCHOR = 'newsletter'


/**
 * The footer's newsletter sign-up (SPEC §2, `sign-newsletter`): one email
 * field posting to the page it is on (a page with no address of its own, a
 * 404, posts to the home page). The server answers with the thank-you page,
 * which asks to confirm by the mailed link (double opt-in), or this page
 * again with the error. Kept light on purpose (no form library): it is on
 * every page's first load. Its proof of work (ALTCHA, lib/altcha) is loaded
 * only when the visitor first focuses the form, so a page that is only read
 * loads nothing more; without JavaScript the post goes without one (the
 * server's limits for posts without a proof apply).
 */
export function NewsletterSignup({ home }: { home: string }) {
  const t = useT()
  const page = usePage<PostProps>()
  const router = useRouter()
  const uid = useElementId()
  const mine = page.props.form?.name === KIND
  const errors = (mine && page.props.errors) || {}
  const typed = mine ? page.props.form?.values?.email : undefined
  const base = page.component === 'NotFound' ? home : page.url.split('#')[0]
  const action = `${base}#${ANCHOR}`
  const [sending, setSending] = useState(false)
  const [failed, setFailed] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const key = failed ? 'forms.error.sendFailed' : (errors.email ?? errors.form ?? errors.altcha)
  const lang = useLang()
  const box = useRef<HTMLDivElement>(null)
  const widget = useRef<Promise<MountedAltcha | null> | null>(null)

  /** Loads and mounts the proof of work, once, and starts solving it. */
  function arm() {
    if (widget.current || !router) return
    widget.current = loadAltcha()
      .then((m) => {
        if (!box.current) return null
        const w = m.mountAltcha(box.current, { challengeUrl: ALTCHA_CHALLENGE_URL, name: ALTCHA_FIELD, lang, strings: altchaStrings(t), onChange: () => {} })
        void w.verify().catch(() => null)
        return w
      })
      .catch(() => null) // no widget: the post goes without a proof
  }
  useEffect(() => () => void widget.current?.then((w) => w?.destroy()), [])

  useEffect(() => {
    if (!mine || !page.props.errors) return
    input.current?.focus()
    // Any answer may have spent the proof: the next press needs a new one.
    const refused = page.props.errors.altcha
    void widget.current?.then((w) => w?.reset(refused ? t(refused) : undefined))
  }, [mine, page.props.errors, t])

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (!router) return // not hydrated: the browser posts the form itself
    e.preventDefault()
    const data: Record<string, string> = {}
    new FormData(e.currentTarget).forEach((v, k) => {
      if (typeof v === 'string') data[k] = v
    })
    setFailed(false)
    setSending(true)
    arm()
    widget.current!
      .then((w) => w?.verify() ?? null)
      .catch(() => null)
      .then((payload) => {
        if (payload) data[ALTCHA_FIELD] = payload
        return router.visit(action, { method: 'post', data, preserveScroll: true, preserveState: true })
      })
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
        <form className="newsletter-form" method="post" action={action} noValidate onSubmit={onSubmit} onFocus={arm}>
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
          <div className="newsletter-proof" ref={box} />
          {key && (
            <div id={errorId} className="newsletter-error" role="alert">
              <p>{t(errors.email ? 'forms.error.summary' : 'forms.error.notSent')}</p>
              <p>{t(key)}</p>
            </div>
          )}
        </form>
      </div>
    </section>
  )
}

export default NewsletterSignup
