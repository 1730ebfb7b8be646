import { Altcha, TextArea, TextField, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { usePage, type PostProps } from '../../../lib/router'
import { FRIEND_ANCHOR, FRIEND_FORM_ANCHOR } from '../model/anchors'


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
  const { url, props } = usePage<PostProps>()
  const mine = props.form?.name === 'send-to-friend'
  return (
    <details id={FRIEND_ANCHOR} className="property-section property-form friend-form" open={mine || undefined}>
      <summary className="button button-outline" data-icon="mail">
        {t('property.friend.open')}
      </summary>
      <p className="muted" id={FRIEND_FORM_ANCHOR}>
        {t('property.friend.intro')}
      </p>
      <VisitorForm kind="send-to-friend" action={`${url.split('#')[0]}#${FRIEND_ANCHOR}`} antiSpam={<Altcha />}>
        <fieldset className="vf-group">
          <legend>{t('property.friend.you')}</legend>
          <TextField name="firstName" label={t('forms.label.firstName')} autoComplete="given-name" />
          <TextField name="lastName" label={t('forms.label.lastName')} autoComplete="family-name" />
          <TextField name="email" label={t('forms.label.email')} autoComplete="email" />
        </fieldset>
        <fieldset className="vf-group">
          <legend>{t('property.friend.them')}</legend>
          <TextField name="friendFirstName" label={t('forms.label.firstName')} autoComplete="off" />
          <TextField name="friendLastName" label={t('forms.label.lastName')} autoComplete="off" />
          <TextField name="friendEmail" label={t('forms.label.email')} autoComplete="off" />
        </fieldset>
        <TextArea name="remark" label={t('property.friend.message')} rows={3} />
      </VisitorForm>
    </details>
  )
}

export default FriendForm
