import { useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import type { NewsletterProps } from '../model/types'
import './newsletter.css'
import { CardPage } from '../../../shared/plainforms'
import { useElementId } from '../../../lib/hydration/ids'

/**
 * The newsletter's pages: what a confirmation link did, and the unsubscribe
 * page — a button for an unsubscribe link (a mail scanner following the
 * link changes nothing), or a form mailing such a link to an address. The
 * forms are plain HTML posts to the unsubscribe page. The same page serves
 * the links of the alert and report mails (`what`): it says what they stop.
 */
export function NewsletterPage({ title, step, what, token, action, site, errors, form }: NewsletterProps) {
  const t = useT()
  const uid = useElementId()
  const key = errors?.email ?? errors?.form
  const typed = form?.values?.email
  const home = (
    <p>
      <Link href={site.links.home} className="button">
        {t('common.backHome')}
      </Link>
    </p>
  )
  return (
    <CardPage look="newsletter" title={title}>
      {step === 'confirmed' && (
        <>
          <p role="status">{t('newsletter.confirmed')}</p>
          {home}
        </>
      )}
      {step === 'unsubscribed' && (
        <>
          <p role="status">
            {what === 'alert' || what === 'report' ? t(`newsletter.optout.${what}Done`) : t('newsletter.unsubscribed')}
          </p>
          {home}
        </>
      )}
      {step === 'unknown' && (
        <>
          <p role="alert">{t('newsletter.unknown')}</p>
          <p>{t('newsletter.unknownHint')}</p>
          {home}
        </>
      )}
      {step === 'sent' && <p role="status">{t('newsletter.sent')}</p>}
      {step === 'failed' && <p role="alert">{t('newsletter.failed')}</p>}
      {step === 'confirm' && (
        <form method="post" action={action}>
          <p>
            {what === 'alert' || what === 'report' ? t(`newsletter.optout.${what}Confirm`) : t('newsletter.confirm')}
          </p>
          <input type="hidden" name="token" value={token ?? ''} />
          <button className="button" type="submit">
            {t('newsletter.confirmButton')}
          </button>
        </form>
      )}
      {step === 'ask' && (
        <form method="post" action={action} noValidate>
          <p>{t('newsletter.ask')}</p>
          <label htmlFor={`${uid}-email`}>{t('newsletter.email')}</label>
          <input
            id={`${uid}-email`}
            type="email"
            name="email"
            autoComplete="email"
            defaultValue={typeof typed === 'string' ? typed : undefined}
            aria-invalid={key ? true : undefined}
            aria-describedby={key ? `${uid}-error` : undefined}
            required
          />
          {key && (
            <p id={`${uid}-error`} className="field-error" role="alert">
              {t(key)}
            </p>
          )}
          <button className="button" type="submit">
            {t('newsletter.askButton')}
          </button>
        </form>
      )}
    </CardPage>
  )
}
