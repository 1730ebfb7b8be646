import { Link } from '../../../lib/router'
import { useT } from '../../../lib/i18n'
import type { ThankYouProps } from '../model/types'
import './thankyou.css'

/** Messages of the forms that say more than the general one. */
const MESSAGES: Record<string, string> = {
  'sign-newsletter': 'thankYou.newsletter',
  'demand-register': 'thankYou.demand',
  'send-to-friend': 'thankYou.friend',
  testimonial: 'testimonial.thanks',
  'job-application': 'jobs.thankYou',
  'contact-appointment': 'visit.thankYou',
  'document-request': 'offer.thankYou.document-request',
  'purchase-offer': 'offer.thankYou.purchase-offer',
  'rent-application': 'offer.thankYou.rent-application',
}

/** After a form: "Thank you", what happens next, a way home. */
export function ThankYouPage({ form, site }: ThankYouProps) {
  const t = useT()
  return (
    <div className="page thank-you">
      <div className="container">
        <div className="thank-you-card">
          <h1>{t('thankYou.title')}</h1>
          <p>{t(MESSAGES[form] ?? 'thankYou.message')}</p>
          <p>
            <Link href={site.links.home} className="button">
              {t('common.backHome')}
            </Link>
          </p>
        </div>
      </div>
    </div>
  )
}
