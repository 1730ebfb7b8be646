import { useRef, type FormEvent, type ReactNode } from 'react'
import { useRouter } from '../../../../lib/router'

/**
 * A small form posting fixed fields (an action, an id) and its own inputs: through the router when the app runs,
 * as a plain form post without it. confirm, when given, is asked first. A second submit while the first is on its
 * way is dropped (a double click posts once). files: the form holds file inputs, posted as multipart.
 */
export function PostForm({ action, fields, confirm, className, files, children }: {
  action: string
  fields: Record<string, string>
  confirm?: string
  className?: string
  files?: boolean
  children: ReactNode
}) {
  const router = useRouter()
  const sending = useRef(false)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (!router) return
    e.preventDefault()
    if (sending.current || (confirm && !window.confirm(confirm))) return
    const form = new FormData(e.currentTarget)
    const data: Record<string, string> | FormData = files ? form : {}
    if (!files) for (const [k, v] of form) if (typeof v === 'string') (data as Record<string, string>)[k] = v
    sending.current = true
    void router.visit(action, { method: 'post', data, preserveScroll: true }).finally(() => { sending.current = false })
  }
  return (
    <form method="post" action={action} className={className} onSubmit={submit} encType={files ? 'multipart/form-data' : undefined}>
      {Object.entries(fields).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      {children}
    </form>
  )
}

/** A PostForm of one button (label): an action on a row or a page, asked first when confirm is given. */
export function PostButton({ label, buttonClassName, ...form }: Omit<Parameters<typeof PostForm>[0], 'children'> & { label: string; buttonClassName?: string }) {
  return (
    <PostForm {...form}>
      <button type="submit" className={buttonClassName}>{label}</button>
    </PostForm>
  )
}
