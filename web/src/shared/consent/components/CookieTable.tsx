import type { CookiePolicy, Service } from '../../../gen/pages'
import { plural, useLang, useT, type TFn, type Lang } from '../../../lib/i18n'
import './consent.css'

function duration(t: TFn, lang: Lang, days: number): string {
  if (days === 0) return t('consent.policy.session')
  return t(plural(lang, days) === 'one' ? 'consent.policy.dayOne' : 'consent.policy.dayOther', { days })
}

/**
 * The cookie policy's list of the cookies and services per category, from
 * the same source as the dialog (site.ConsentServices), below the agency's
 * own text.
 */
export function CookieTable({ policy }: { policy: CookiePolicy }) {
  const t = useT()
  const lang = useLang()
  return (
    <section className="cookie-table" aria-labelledby="cookie-table-title">
      <h2 id="cookie-table-title">{t('consent.policy.title')}</h2>
      {(policy.categories ?? []).map((c) => (
        <section key={c.category} aria-labelledby={`cookies-${c.category}`}>
          <h3 id={`cookies-${c.category}`}>{t(`consent.category.${c.category}`)}</h3>
          <p>{t(`consent.categoryText.${c.category}`)}</p>
          {(c.services ?? []).length === 0 ? (
            <p className="cookie-table-none">{t('consent.policy.none')}</p>
          ) : (
            <div className="cookie-table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('consent.policy.provider')}</th>
                    <th scope="col">{t('consent.policy.purpose')}</th>
                    <th scope="col">{t('consent.policy.hosts')}</th>
                    <th scope="col">{t('consent.policy.cookies')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(c.services ?? []).map((s) => (
                    <Row key={s.id} service={s} t={t} lang={lang} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </section>
  )
}

function Row({ service: s, t, lang }: { service: Service; t: TFn; lang: Lang }) {
  const hosts = s.hosts ?? []
  const cookies = s.cookies ?? []
  return (
    <tr data-service={s.id}>
      <th scope="row">{s.provider}</th>
      <td data-label={t('consent.policy.purpose')}>{t(`consent.purpose.${s.id}`)}</td>
      <td data-label={t('consent.policy.hosts')}>{hosts.length ? hosts.map((h) => h.replace(/^https?:\/\//, '')).join(', ') : t('consent.policy.ownSite')}</td>
      <td data-label={t('consent.policy.cookies')}>
        {cookies.length === 0
          ? t('consent.policy.noCookies')
          : cookies.map((k) => (
              <span key={k.name} className="cookie-name">
                <code>{k.name}</code> ({duration(t, lang, k.days)})
              </span>
            ))}
      </td>
    </tr>
  )
}
