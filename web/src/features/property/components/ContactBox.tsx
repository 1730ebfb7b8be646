import { useT } from '../../../lib/i18n'
import { openFormHref } from '../../../lib/ui/disclosure'
import { SmartLink } from '../../../lib/ui/SmartLink'
import type { ContactView } from '../model/sections'
import { CONTACT_ANCHOR, FRIEND_ANCHOR, VISIT_ANCHOR, FRIEND_KIND, VISIT_KIND } from '../model/anchors'
import { openForm } from './openForm'

/**
 * The agent in charge (else the agency): name, phone (SPEC §9 grouping, a
 * tel: link), e-mail, and the page's forms: the information request, the
 * visit (when the page offers free times), send to a friend.
 */
export function ContactBox({ contact: c, closed, visits }: { contact: ContactView; closed: boolean; visits: boolean }) {
  const t = useT()
  return (
    <section className="contact-box" aria-labelledby="contact-box-title">
      <h2 id="contact-box-title">{t(closed ? 'property.contactTitleClosed' : 'property.contactTitle')}</h2>
      <p className="muted">{t('property.contactText')}</p>
      {c.name && (
        <p className="contact-person">
          <span className="contact-name">{c.name}</span>
          <span className="contact-role">{`${t('property.agent')} · ${c.agency}`}</span>
        </p>
      )}
      {!c.name && <p className="contact-person contact-name">{c.agency}</p>}
      <ul className="contact-actions">
        {c.phone && (
          <li>
            <SmartLink href={c.phone.href} className="button" data-icon="phone">
              <span className="sr-only">{`${t('common.phone')}: `}</span>
              {c.phone.text}
            </SmartLink>
          </li>
        )}
        <li>
          <a href={`#${CONTACT_ANCHOR}`} className="button button-outline" data-icon="mail">
            {t('property.requestInfo')}
          </a>
        </li>
        {visits && (
          <li>
            <a href={openFormHref(VISIT_KIND, VISIT_ANCHOR)} className="button button-outline" data-icon="calendar" onClick={openForm}>
              {t('visit.title')}
            </a>
          </li>
        )}
        <li>
          <a href={openFormHref(FRIEND_KIND, FRIEND_ANCHOR)} className="button button-outline" data-icon="mail" onClick={openForm}>
            {t('property.friend.open')}
          </a>
        </li>
      </ul>
      {(c.email || c.agencyPhone) && (
        <dl className="contact-lines">
          {c.email && (
            <div>
              <dt>{t('common.email')}</dt>
              <dd>
                <SmartLink href={`mailto:${c.email}`}>{c.email}</SmartLink>
              </dd>
            </div>
          )}
          {c.agencyPhone && (
            <div>
              <dt>{c.agency}</dt>
              <dd>
                <SmartLink href={c.agencyPhone.href}>{c.agencyPhone.text}</SmartLink>
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  )
}
