import { useSay } from '../model/texts'
import { useLang } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import type { AccountProps, OwnedProperty } from '../model/types'
import { History, MatchingDemands, VisitSources } from './PortalDetails'
import { VisitsChart } from './VisitsChart'

/**
 * The owner portal's overview: the owner's properties, each with its page's
 * visits today, in the last 7 and 30 days and in all, the last 30 days'
 * chart and sources, the matching demands and the requests about it; the
 * logout button posts to the page.
 */
export function OwnerPage({ texts, title, properties, action, weeklyReport, notice }: AccountProps) {
  const t = useSay(texts)
  const lang = useLang()
  const list = properties ?? []
  return (
    <div className="page account-page owner-page">
      <div className="container">
        <div className="owner-top">
          <h1>{title}</h1>
          <form method="post" action={action}>
            <button className="button button-outline" type="submit">
              {t('account.portal.logout')}
            </button>
          </form>
        </div>
        {notice && (
          <p className="owner-notice" role="status">
            {t(notice)}
          </p>
        )}
        <p className="owner-hello">{t('account.portal.hello')}</p>
        <p>{t('account.portal.intro')}</p>
        {list.length === 0 && <p>{t('account.portal.none')}</p>}
        <ul className="owner-properties">
          {list.map((p) => (
            <Owned key={p.id} p={p} t={t} lang={lang} />
          ))}
        </ul>
        {/* The weekly report's switch: the report's mail turns it off in one click, this on again. */}
        <form method="post" action={action} className="owner-report">
          <p>{t(weeklyReport ? 'account.portal.report' : 'account.portal.reportStopped')}</p>
          <input type="hidden" name="report" value={weeklyReport ? 'off' : 'on'} />
          <button className="button button-outline" type="submit">
            {t(weeklyReport ? 'account.portal.reportStop' : 'account.portal.reportStart')}
          </button>
        </form>
      </div>
    </div>
  )
}

function Owned({ p, t, lang }: { p: OwnedProperty; t: (key: string) => string; lang: string }) {
  const counts: [string, number][] = [
    ['account.portal.today', p.today],
    ['account.portal.week', p.week],
    ['account.portal.month', p.month],
    ['account.portal.total', p.total],
  ]
  return (
    <li className="owner-property" data-property={p.id}>
      {p.picture && <img src={p.picture} alt="" width={160} height={107} loading="lazy" />}
      <div>
        <h2 lang={p.titleLang || undefined}>{p.title || `#${p.id}`}</h2>
        {p.city && <p className="owner-city">{p.city}</p>}
        {p.online && p.url ? (
          <Link href={p.url}>{t('account.portal.view')}</Link>
        ) : (
          <p>{t('account.portal.offline')}</p>
        )}
        <dl className="owner-visits" aria-label={t('account.portal.visits')}>
          {counts.map(([key, n]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>
        <VisitsChart
          days={p.last30 ?? []}
          lang={lang}
          title={t('account.portal.chart')}
          show={t('account.portal.figures')}
          day={t('account.portal.day')}
          visits={t('account.portal.visits')}
        />
      </div>
      <div className="owner-details">
        <VisitSources sources={p.sources ?? []} t={t} id={p.id} />
        <MatchingDemands demands={p.demands ?? null} t={t} id={p.id} />
        <History rows={p.history ?? []} total={p.requests} t={t} id={p.id} />
      </div>
    </li>
  )
}
