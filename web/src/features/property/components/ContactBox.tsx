import { formatPhone, telHref } from '../../../lib/format'
import { useT } from '../../../lib/i18n'
import type { Agency } from '../../../lib/site/types'
import { SmartLink } from '../../../lib/ui/SmartLink'
import type { Property } from '../../properties/api/types'

/** Who to contact about the property: its manager, else the agency; phone and e-mail links, no form yet. */
export function ContactBox({ property: p, title, agency }: { property: Property; title: string; agency: Agency }) {
  const t = useT()
  const phone = p.Manager?.Phone || agency.phone
  const email = p.Manager?.Email || agency.email
  const subject = encodeURIComponent(p.Reference ? `${title} (${p.Reference})` : title)
  return (
    <section className="contact-box" aria-labelledby="contact-box-title">
      <h2 id="contact-box-title">{t('property.contactTitle')}</h2>
      <p className="muted">{t('property.contactText')}</p>
      {p.Manager?.Name && <p className="contact-name">{p.Manager.Name}</p>}
      <p className="contact-agency">{agency.name}</p>
      <ul className="contact-actions">
        {phone && (
          <li>
            <SmartLink href={telHref(phone)} className="button" data-icon="phone">
              <span className="sr-only">{t('common.phone')}: </span>
              {formatPhone(phone)}
            </SmartLink>
          </li>
        )}
        {email && (
          <li>
            <SmartLink href={`mailto:${email}?subject=${subject}`} className="button button-outline" data-icon="mail">
              {t('property.sendEmail')}
            </SmartLink>
          </li>
        )}
      </ul>
    </section>
  )
}
