import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react'
import type { SiteChange, SiteDraftProps, SiteProblem } from '../../../../gen/admin'
import { Link } from '../../../../lib/router'
import { PostButton, PostForm } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { Refusals } from '../../../shared/lists'
import { texts, when } from '../../../shared/texts'
import { kept, useAutosave, type SaveState, type Summary } from '../model/autosave'
import { getAt, setAt, type Json, type Obj, type Step } from '../model/config'
import { EditingContext, Field, fieldId, type Editing } from './FieldEditor'
import { Preview } from './Preview'

/**
 * The editor of one draft: the site's sections drawn from the configuration's schema, every text in the four
 * languages side by side, saved as typed, its problems at their fields, previewed beside the form as the server
 * renders it, published with a summary of what changes.
 */
export function DraftPage(props: SiteDraftProps) {
  const t = texts(props)
  const d = props.draft
  const readOnly = !d.mine
  const [text, setText] = useState(() => (readOnly ? null : kept(d.id)) ?? props.config)
  const value = useMemo(() => parse(text), [text])
  const [problems, setProblems] = useState<SiteProblem[]>(props.problems ?? [])
  const [summary, setSummary] = useState<Summary>({
    changes: props.changes ?? [], moves: props.moves ?? [], deleted: props.deleted ?? [], gone: props.gone ?? [], links: props.links ?? [],
  })
  const changes = summary.changes
  const [saves, setSaves] = useState(0)
  const [focus, setFocus] = useState('')
  const sections = props.schema.types?.[props.schema.root] ?? []
  const [section, setSection] = useState(sections[0]?.key ?? '')
  useEffect(() => setProblems(props.problems ?? []), [props.problems])

  const saved = useCallback((list: SiteProblem[], now: Summary) => {
    setProblems(list)
    setSummary(now)
    setSaves((n) => n + 1)
  }, [])
  const state = useAutosave(d.id, props.save, readOnly ? props.config : text, props.config, saved,
    { offline: t('admin.site.editor.offline'), forbidden: t('admin.site.editor.forbidden') })

  const labels = props.labels ?? {}
  // An editor who is no admin sees the admin's sections without changing them.
  const locked = !props.viewer?.admin && (props.adminOnly ?? []).includes(section)
  const editing: Editing = {
    schema: props.schema, t, langs: props.langs ?? [], offered: offered(value), problems, focus, readOnly: readOnly || locked,
    library: props.pictures ?? '', lang: props.lang,
    label: (key) => labels[key] ?? key.split('.').pop() ?? key,
    hint: (type, key) => labels[`siteeditor.hint.${type}.${key}`] ?? '',
    change: (steps: Step[], v: Json | undefined) => setText((old) => JSON.stringify(setAt(parse(old), steps, v), null, 2)),
  }
  // A deleted page's old address: gone (410, an entry of the moved list with no target) or, by default, led to
  // its parent (301, recorded at publication).
  const setGone = (from: string, gone: boolean) => setText((old) => {
    const cfg = parse(old) as Obj
    const list = (Array.isArray(cfg.moved) ? cfg.moved : []).filter((m) => !(m && typeof m === 'object' && (m as Obj).from === from))
    return JSON.stringify(setAt(cfg, ['moved'], gone ? [...list, { from, to: '' }] : list), null, 2)
  })
  // A problem's link or a click in the preview: its section shown, its field scrolled to and focused —
  // in the render's task (a layout effect), so the field comes focused: a plain effect ran a frame
  // after each of the two renders, and a key typed meanwhile went elsewhere.
  useLayoutEffect(() => {
    if (!focus) return
    const top = focus.split(/[.[]/)[0]
    if (top !== section) {
      setSection(top)
      return
    }
    const el = document.getElementById(fieldId(focus))
    el?.scrollIntoView({ block: 'center' })
    const input = el?.matches('input, select, textarea') ? el : el?.querySelector<HTMLElement>('input, select, textarea, button')
    input?.focus({ preventScroll: true })
  }, [focus, section])

  const open = (path: string) => setFocus(path)
  const field = sections.find((f) => f.key === section)
  const count = (key: string) => problems.filter((p) => p.path === key || p.path.startsWith(key + '.') || p.path.startsWith(key + '[')).length

  return (
    <Shell base={props} title={t('admin.title.AdminSiteDraft')}>
      <p className="admin-row-actions">
        <Link href="/admin/site/">← {t('admin.site.editor.back')}</Link>
        {props.pictures && <a href={props.pictures} target="_blank" rel="noopener">{t('admin.media.library')}</a>}
      </p>
      <div className="site-status">
        <strong>{t('admin.site.draft', { n: d.id })}</strong>
        <SaveStatus state={state} t={t} lang={props.lang} />
        {(props.others ?? []).length > 0 && (
          <span title={t('admin.site.editor.othersHelp')}>
            {t('admin.site.editor.others', { who: (props.others ?? []).map((o) => o.by).join(', ') })}
          </span>
        )}
      </div>
      {readOnly && <p className="admin-notice">{t('admin.site.editor.readonly', { by: d.by })}</p>}
      {d.publishAt && <p className="admin-notice" role="status">{t('admin.site.editor.scheduled', { when: when(d.publishAt, props.lang) })}</p>}
      {d.failed && <p className="admin-error" role="alert">{t('admin.site.editor.scheduleFailed', { why: t(d.failed) })}</p>}
      <Refusals errors={props.errors} t={t} id={(name) => `site-error-${name}`} />
      {(props.meanwhile ?? []).length > 0 && (
        <div className="admin-notice site-meanwhile" role="status">
          <p>{t('admin.site.editor.meanwhile', { n: props.latest })}</p>
          <Changes list={props.meanwhile ?? []} t={t} labels={editing.label} />
          <p>{t('admin.site.error.meanwhile')}</p>
        </div>
      )}
      <div className="site-editor">
        <nav className="site-sections" aria-label={t('admin.site.editor.sections')}>
          <ul>
            {sections.map((f) => (
              <li key={f.key}>
                <button type="button" data-section={f.key} aria-current={f.key === section ? 'true' : undefined} onClick={() => { setSection(f.key); setFocus('') }}>
                  {editing.label(`siteeditor.section.${f.key}`)}
                  {count(f.key) > 0 && <span className="site-badge" aria-label={t('admin.site.editor.problems')}>{count(f.key)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-form">
          {locked && <p className="admin-notice">{t('admin.site.editor.adminOnly')}</p>}
          {section === 'languages' && !locked && !readOnly && <p className="admin-notice site-meanwhile">{t('admin.site.editor.languagesWarning')}</p>}
          <EditingContext.Provider value={editing}>
            {field && (
              <Field owner={props.schema.root} field={{ ...field }} value={getAt(value, [field.key])} steps={[field.key]} />
            )}
          </EditingContext.Provider>
        </div>
        <Preview base={d.preview} fallback={`/admin/site/versions/${d.base}/`} langs={offered(value)} lang={props.lang} reloads={problems.length === 0 ? saves : -1}
          stale={problems.length > 0} t={t} value={value} open={open} />
      </div>
      <section className="site-summary">
        <h2>{problems.length ? t('admin.site.editor.problems') : t('admin.site.editor.noProblems')}</h2>
        {problems.length > 0 && (
          <ul className="site-problem-list">
            {problems.map((p, i) => (
              <li key={i}>
                <button type="button" className="site-link" onClick={() => open(p.path)}>{p.path || '—'}</button>
                {t.colon}{p.message}
              </li>
            ))}
          </ul>
        )}
        <h2>{t('admin.site.editor.changes')}</h2>
        {changes.length ? <Changes list={changes} t={t} labels={editing.label} /> : <p>{t('admin.site.editor.noChanges')}</p>}
        {summary.moves.length + summary.gone.length > 0 && (
          <>
            <h2>{t('admin.site.editor.moves')}</h2>
            <p className="site-muted">{t('admin.site.editor.movesHelp')}</p>
            <ul className="site-changes">
              {summary.moves.map((m) => (
                <li key={m.from}>
                  {m.from} → {m.to || t('admin.site.editor.gone')}
                  {!readOnly && summary.deleted.includes(m.from) && (
                    <>{' '}<button type="button" className="site-small" onClick={() => setGone(m.from, true)}>{t('admin.site.editor.goneInstead')}</button></>
                  )}
                </li>
              ))}
              {summary.gone.map((from) => (
                <li key={from}>
                  {from} → {t('admin.site.editor.gone')}
                  {!readOnly && (
                    <>{' '}<button type="button" className="site-small" onClick={() => setGone(from, false)}>{t('admin.site.editor.leadInstead')}</button></>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
        {summary.links.length > 0 && (
          <>
            <h2>{t('admin.site.editor.links')}</h2>
            <ul className="site-problem-list">
              {summary.links.map((l) => (
                <li key={l.path}>
                  <button type="button" className="site-link" onClick={() => open(l.path)}>{l.path}</button>{t.colon}{l.address}
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="admin-row-actions">
          {!readOnly && (
            <PostForm action={props.action} fields={{ action: 'publish' }} confirm={t('admin.site.editor.publishConfirm')} className="site-publish">
              <label htmlFor="site-note">{t('admin.site.editor.note')}</label>
              <input id="site-note" name="note" maxLength={1000} />
              <button type="submit" disabled={problems.length > 0 || state.status === 'saving'}>{t('admin.site.editor.publish')}</button>
            </PostForm>
          )}
          {!readOnly && !d.publishAt && (
            <PostForm action={props.action} fields={{ action: 'schedule' }} className="site-publish">
              <label htmlFor="site-at">{t('admin.site.editor.scheduleAt')}</label>
              <input id="site-at" name="at" type="datetime-local" required aria-invalid={props.errors?.at ? true : undefined}
                aria-describedby={props.errors?.at ? 'site-error-at' : undefined} />
              <button type="submit" disabled={problems.length > 0}>{t('admin.site.editor.schedule')}</button>
            </PostForm>
          )}
          {!readOnly && d.publishAt && (
            <PostButton action={props.action} fields={{ action: 'unschedule' }} label={t('admin.site.editor.unschedule')} />
          )}
          {(!readOnly || props.viewer?.admin) && (
            <PostButton action={props.action} fields={{ action: 'discard' }} label={t('admin.site.discard')} confirm={t('admin.site.discardConfirm')} />
          )}
        </div>
      </section>
    </Shell>
  )
}

function parse(text: string): Json {
  try {
    return JSON.parse(text) as Json
  } catch {
    return {}
  }
}

/** The languages the draft's site offers. */
function offered(v: Json): string[] {
  const use = getAt(v, ['languages', 'use'])
  if (!Array.isArray(use)) return []
  return use.filter((u): u is Obj => !!u && typeof u === 'object' && !Array.isArray(u) && u.use === true).map((u) => String(u.code))
}

function SaveStatus({ state, t, lang }: { state: SaveState; t: ReturnType<typeof texts>; lang: string }) {
  let words = ''
  if (state.status === 'saving') words = t('admin.site.editor.saving')
  if (state.status === 'saved') words = t('admin.site.editor.saved', { time: when(state.at, lang) })
  if (state.status === 'failed') words = t('admin.site.editor.failed', { error: state.error })
  if (state.status === 'refused') words = t('admin.site.editor.notSaved', { error: state.error })
  const bad = state.status === 'failed' || state.status === 'refused'
  return <span role="status" className={bad ? 'admin-error' : 'site-muted'}>{words}</span>
}

/** What a version changes, section by section. */
function Changes({ list, t, labels }: { list: SiteChange[]; t: ReturnType<typeof texts>; labels: (key: string) => string }) {
  return (
    <ul className="site-changes">
      {list.map((c, i) => (
        <li key={i}>
          <strong>{labels(`siteeditor.section.${c.section}`)}</strong>
          {c.item && <> › {c.item}</>}
          {' '}({t(`admin.site.editor.what.${c.what}`)})
          {(c.fields ?? []).length > 0 && <>{t.colon}{(c.fields ?? []).map((f) => labels(`siteeditor.field.${f}`)).join(', ')}</>}
          {(c.langs ?? []).length > 0 && <> [{(c.langs ?? []).map((l) => l.toUpperCase()).join(', ')}]</>}
        </li>
      ))}
    </ul>
  )
}
