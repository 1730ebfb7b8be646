import { FormDisclosure, NameFields, TextArea, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { FRIEND_ANCHOR, FRIEND_KIND } from '../model/anchors'


/**
 * Send to a friend (SPEC §3, `send-to-friend`): the sender's names and
 * email, the friend's names and email, a short message. A disclosure
 * (`<details>`), so it opens without JavaScript; open after a refused post
 * so the visitor sees the errors and what they typed. It posts to the page's
 * own address (the server knows the property from it) with #friend, as the
 * information request does with #contact. The mail itself is the agency's
 * fixed template: the visitor chooses only the address.
 */
export function FriendForm() {
  const t = useT()
  return (
    <FormDisclosure kind={FRIEND_KIND} id={FRIEND_ANCHOR} className="property-section property-form friend-form" icon="mail" summary={t('property.friend.open')}>
      <p className="muted">
        {t('property.friend.intro')}
      </p>
      <VisitorForm kind={FRIEND_KIND} anchor={FRIEND_ANCHOR}>
        <fieldset className="vf-group">
          <legend>{t('property.friend.you')}</legend>
          <NameFields />
        </fieldset>
        <fieldset className="vf-group">
          <legend>{t('property.friend.them')}</legend>
          <NameFields of="friend" />
        </fieldset>
        <TextArea name="remark" label={t('property.friend.message')} rows={3} />
      </VisitorForm>
    </FormDisclosure>
  )
}

export default FriendForm
