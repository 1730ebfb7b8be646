import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { ERROR_KEYS, type FieldSpec, type FormKind } from '../../../gen/forms'
import { useT } from '../../../lib/i18n'
import { ServerError, usePage, useRouter } from '../../../lib/router'
import { HONEYPOT_FIELD } from '../../../gen/forms'
import { FORM_FIELD, formRecord, type FormErrors, type PostProps } from '../model/post'
import { fieldsOf, formSchema } from '../model/schema'
import { ALTCHA_FIELD } from '../model/altcha'
import { valuesIn } from '../model/carry'
import { ServerFormContext } from '../deferred'
import { Altcha } from './Altcha'
import { FormKitContext, type FormKit, type ProofHandle, type Values } from './context'
import './forms.css'
import { useElementId } from '../../../lib/hydration/ids'

export interface VisitorFormProps {
  kind: FormKind
  /** Where it posts: the page's own address unless given. */
  action?: string
  /**
   * The id of the element a refused post without JavaScript comes back to:
   * the form posts to the page's own address with it as the fragment (which
   * never reaches the server), so the answer shows the form, not the page's top.
   */
  anchor?: string
  /** Values the page sets, not the visitor: the property's or project's ID. */
  hidden?: Record<string, string | number>
  /**
   * The form posts multipart/form-data, as a form holding a file (FileField)
   * must; by default, when its kind has a file field (a CV, a picture). With
   * JavaScript it posts the same FormData through the router.
   */
  multipart?: boolean
  /** The anti-spam widget, above the send button: the site's (Altcha: ALTCHA or its captcha) unless given. */
  antiSpam?: ReactNode
  /** The send button's text (forms.send unless given). */
  submitLabel?: ReactNode
  className?: string
  /** The fields of a kind FORMS leaves to its page (forms.lazy.ts's LAZY_FORMS). */
  fields?: readonly FieldSpec[]
  children: ReactNode
}

const resolvers = new Map<FormKind, Resolver<Values>>()

/** The zod resolver of a kind, made on the first check (never while the server renders). */
function resolverOf(kind: FormKind, fields: readonly FieldSpec[]): Resolver<Values> {
  return (values, context, options) => {
    let r = resolvers.get(kind)
    if (!r) {
      r = zodResolver(formSchema(kind, fields)) as unknown as Resolver<Values>
      resolvers.set(kind, r)
    }
    return r(values, context, options)
  }
}

const noErrors: FormErrors = {}

/** The element is whole within the window. */
function inView(el: HTMLElement): boolean {
  const box = el.getBoundingClientRect()
  return box.top >= 0 && box.bottom <= window.innerHeight
}

/** The header of a post the server only checks (internal/http/web/forms.go). */
export const CHECK_HEADER = 'X-Form-Check'

/**
 * A visitor form: a real HTML form posting to its page, so it works without
 * JavaScript (the server answers 303 to the thank-you page, or the page
 * again with `errors` and `form` in its props, which this renders). With
 * JavaScript it checks each field as the server would (zod schemas from the
 * Go specs, the same translation keys) and posts through the router,
 * keeping the scroll position; the server's answer wins over the browser's
 * checks. Its fields (TextField, RadioGroup…, PersonFields) go inside.
 */
export function VisitorForm({ kind, action, anchor, hidden, multipart: multipartProp, antiSpam = <Altcha />, submitLabel, className, fields: given, children }: VisitorFormProps) {
  const fields = given ?? fieldsOf(kind)
  const t = useT()
  const page = usePage<PostProps>()
  const router = useRouter()
  const uid = useElementId()
  const target = action ?? (anchor ? `${page.url.split('#')[0]}#${anchor}` : page.url)
  const mine = page.props.form?.name === kind
  const server = (mine && page.props.errors) || noErrors
  const values = (mine && page.props.form?.values) || undefined
  // Hydrating a form the server rendered before this code arrived
  // (deferredForm): what the visitor typed or ticked meanwhile is kept.
  const serverForm = useContext(ServerFormContext)
  const [typed] = useState(() => {
    const form = serverForm?.(kind)
    return form ? valuesIn(form, fields) : undefined
  })

  const { register, handleSubmit, clearErrors, formState } = useForm<Values>({
    mode: 'onTouched',
    defaultValues: typed ?? values ?? undefined,
    resolver: resolverOf(kind, fields),
  })

  // Fields the visitor changed since the server's answer: its word on them no longer holds.
  const [edited, setEdited] = useState({ of: server, names: new Set<string>() })
  if (edited.of !== server) setEdited({ of: server, names: new Set() })
  const [sending, setSending] = useState(false)
  const [failed, setFailed] = useState<string | undefined>()
  const summary = useRef<HTMLDivElement>(null)
  const proof = useRef<ProofHandle | null>(null)
  // Stable: the widget registers from an effect that must not re-run with every render.
  const registerProof = useCallback((handle: ProofHandle) => {
    proof.current = handle
    return () => {
      if (proof.current === handle) proof.current = null
    }
  }, [])

  const specs = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields])
  const multipart = multipartProp ?? [...specs.values()].some((f) => f.type === 'file')
  const clientError = (name: string) => {
    const m = formState.errors[name]?.message
    return typeof m === 'string' ? m : undefined
  }
  const serverError = (name: string) => (edited.names.has(name) ? undefined : server[name])

  const changed = (name: string) => {
    if (server[name] && !edited.names.has(name)) setEdited((e) => ({ ...e, names: new Set(e.names).add(name) }))
  }
  const kit: FormKit = {
    kind,
    multipart,
    bind: (name) => (router ? register(name, { onChange: () => changed(name) }) : { name }),
    id: (name) => `${uid}-${name}`,
    error: (name) => clientError(name) ?? serverError(name),
    initial: (name) => values?.[name],
    spec: (name) => specs.get(name),
    registerProof,
  }

  // A new answer from the server: its errors replace the browser's, and the
  // focus goes to the first field in error (the summary, a live alert, is
  // announced too).
  const answered = Object.keys(server).length > 0
  useEffect(() => {
    clearErrors()
    if (!answered) return
    // Whatever the answer, the proof posted may be spent (a slot full, a
    // document already asked for, a limit): the next press needs a new one.
    proof.current?.renew(server[ALTCHA_FIELD])
    // The summary comes into view (clear of the sticky header: the
    // document's scroll-padding) and stays there. The focus goes to the
    // first field in red, which reads its error out (aria-describedby) — a
    // radio group's first button, as a fieldset takes no focus — when it is
    // in view beside the summary; else to the summary (a field far below it,
    // an error of the form's own), the next Tab leading into the form.
    const invalid = summary.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]')
    const first = invalid?.matches('input, select, textarea, button') ? invalid : invalid?.querySelector<HTMLElement>('input, select, textarea')
    summary.current?.scrollIntoView?.({ block: 'start' })
    if (first && inView(first)) first.focus({ preventScroll: true })
    else summary.current?.focus({ preventScroll: true })
  }, [server, answered, clearErrors])
  useEffect(() => {
    if (!failed) return
    proof.current?.renew()
    summary.current?.focus()
  }, [failed])

  // The errors no field of the form shows: the form's own, and those of the values the page sets.
  const formKey = failed ?? serverError(FORM_FIELD)
  const unplaced = Object.keys(server).filter(
    (n) => n !== FORM_FIELD && (n === ALTCHA_FIELD || hidden?.[n] !== undefined || specs.get(n)?.type === 'id'),
  )
  // A field in red: the summary says to check them; else it only says nothing was sent (a limit, the proof).
  const fieldsRed =
    Object.keys(server).some((n) => n !== FORM_FIELD && !unplaced.includes(n) && serverError(n)) ||
    (formState.isSubmitted && Object.keys(formState.errors).length > 0)
  const shown = formKey !== undefined || unplaced.some((n) => serverError(n)) || fieldsRed

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (!router) return // not hydrated: the browser posts the form itself
    const form = e.currentTarget
    const post = async (check: boolean) => {
      const data = new FormData(form)
      setFailed(undefined)
      setSending(true)
      try {
        if (!check) for (const [name, value] of Object.entries((await proof.current?.ready()) ?? {})) data.set(name, value)
        await router.visit(target, {
          method: 'post',
          data: multipart ? data : formRecord(data),
          preserveScroll: true,
          preserveState: true,
          // The browser found problems: the server only checks (nothing is
          // kept, no proof spent) and answers with every problem, its own
          // rules' too (a date past, an income too low), in one round.
          headers: check ? { [CHECK_HEADER]: 'true' } : undefined,
        })
      } catch (err) {
        // What was typed stays either way: a fault of ours ("API ERROR"), or
        // the network ("try again").
        setFailed(err instanceof ServerError ? ERROR_KEYS.api : ERROR_KEYS.sendFailed)
      } finally {
        setSending(false)
      }
    }
    void handleSubmit(
      () => post(false),
      () => post(true),
    )(e)
  }

  return (
    <FormKitContext.Provider value={kit}>
      <form
        className={className ? `vf ${className}` : 'vf'}
        method="post"
        action={target}
        encType={multipart ? 'multipart/form-data' : undefined}
        noValidate
        onSubmit={onSubmit}
      >
        <input type="hidden" name={FORM_FIELD} value={kind} />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={String(value)} />
        ))}
        {shown && (
          <div className="vf-summary" role="alert" tabIndex={-1} ref={summary}>
            <p>{t(fieldsRed ? ERROR_KEYS.summary : ERROR_KEYS.notSent)}</p>
            {formKey && <p>{t(formKey)}</p>}
            {unplaced.map((n) => (
              <p key={n}>{t(server[n]!)}</p>
            ))}
          </div>
        )}
        <p className="vf-note">{t('forms.requiredNote')}</p>
        {children}
        <div className="vf-hp" aria-hidden="true">
          <label htmlFor={`${uid}-${HONEYPOT_FIELD}`}>{t('forms.honeypot')}</label>
          <input id={`${uid}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {antiSpam}
        <button className="button vf-send" type="submit" disabled={sending} aria-busy={sending || undefined}>
          {submitLabel ?? t('forms.send')}
        </button>
      </form>
    </FormKitContext.Provider>
  )
}
