import { useT } from '../../../lib/i18n'
import { openFormHref } from '../../../lib/ui/disclosure'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { CONTACT_ANCHOR, VISIT_ANCHOR, VISIT_KIND } from '../model/anchors'
import { openForm } from './openForm'
import type { ContactView } from '../model/sections'

/**
 * The contact actions kept in reach on a phone or a tablet, as the portals
 * do: call the agent, ask for information, book a visit (when the page
 * offers free times). Plain links, so they work before and without
 * JavaScript; hidden where the contact box stays beside the page (CSS).
 */
export function ContactBar({ contact, visits }: { contact: ContactView; visits: boolean }) {
  const t = useT()
  return (
    <div className="contact-bar" role="group" aria-label={t('property.bar.label')}>
      {contact.phone && (
        <SmartLink href={contact.phone.href} className="button" data-icon="phone">
          {t('property.bar.call')}
          <span className="sr-only">{` ${contact.phone.text}`}</span>
        </SmartLink>
      )}
      <a href={`#${CONTACT_ANCHOR}`} className="button button-outline" data-icon="mail">
        {t('property.bar.ask')}
      </a>
      {visits && (
        <a href={openFormHref(VISIT_KIND, VISIT_ANCHOR)} className="button button-outline" data-icon="calendar" onClick={openForm}>
          {t('property.bar.visit')}
        </a>
      )}
    </div>
  )
}
