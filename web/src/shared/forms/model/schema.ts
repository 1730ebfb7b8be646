// The zod schemas of the visitor forms, built from the specs Go generates
// (src/gen/forms.ts): each field's checks in lead.Validate's order, the
// first failing one giving its translation key as the message.
import * as z from 'zod/mini'
import { ERROR_KEYS, FORMS, type FieldSpec, type FormKind } from '../../../gen/forms'
import { isEmpty, isPlain, runeCount, utf8Length, validDate, validEmail, validList, validNumber, validPhone, validTime, validURL } from './rules'

type Check = [ok: (v: string) => boolean, key: string]

/** The checks of a given (non-empty) value, by type. */
function typeChecks(f: FieldSpec): Check[] {
  const own = (key: string) => f.key ?? key
  switch (f.type) {
    case 'text':
    case 'long':
      return [[(v) => runeCount(v) <= (f.max ?? Infinity), ERROR_KEYS.tooLong]]
    case 'email':
      return [[validEmail, own(ERROR_KEYS.email)]]
    case 'phone':
      return [[validPhone, ERROR_KEYS.phone]]
    case 'number':
      return [[validNumber, own(ERROR_KEYS.number)]]
    case 'date':
      return [[validDate, own(ERROR_KEYS.date)]]
    case 'slot':
      return [[validTime, own(ERROR_KEYS.date)]]
    case 'choice':
      return [[(v) => (f.options ?? []).includes(v), ERROR_KEYS.choice]]
    case 'url':
      return [
        [(v) => runeCount(v) <= (f.max ?? Infinity), ERROR_KEYS.tooLong],
        [validURL, own(ERROR_KEYS.url)],
      ]
    case 'list':
      return [[(v) => validList(v, f.options, f.max ?? Infinity), ERROR_KEYS.choice]]
    case 'password':
      return [[(v) => utf8Length(v) <= (f.max ?? Infinity), ERROR_KEYS.tooLong]]
    case 'id':
    case 'file':
      return []
  }
}

/** The files of a file input's value: react-hook-form gives its FileList. */
function filesOf(v: unknown): File[] {
  if (typeof FileList !== 'undefined' && v instanceof FileList) return Array.from(v)
  if (Array.isArray(v)) return v.filter((f): f is File => typeof File !== 'undefined' && f instanceof File)
  if (typeof File !== 'undefined' && v instanceof File) return [v]
  return []
}

/** The extension of a file's name, lower-cased with its dot (upload.Ext), or ''. */
export function extensionOf(name: string): string {
  const m = /\.([a-z0-9]{1,5})$/i.exec(name)
  return m ? `.${m[1].toLowerCase()}` : ''
}

/**
 * A file field's schema: the file chosen (the first), its size, the
 * extension its name claims. Its content is the server's to check
 * (upload.Set.Check): a text file called cv.pdf passes here and is refused
 * there, with the same key.
 */
function fileSchema(f: FieldSpec) {
  const accepted = new Set((f.accept ?? []).filter((a) => a.startsWith('.')))
  return z.optional(
    z.pipe(
      z.transform((v: unknown): File | null => filesOf(v)[0] ?? null),
      z.custom<File | null>().check(
        z.refine<File | null>((file) => !(f.required && (!file || file.size === 0)), { message: f.key ?? ERROR_KEYS.required, abort: true }),
        z.refine<File | null>((file) => !file || file.size <= (f.maxBytes ?? Infinity), { message: ERROR_KEYS.fileSize, abort: true }),
        z.refine<File | null>((file) => !file || accepted.size === 0 || extensionOf(file.name) === '' || accepted.has(extensionOf(file.name)), {
          message: ERROR_KEYS.fileType,
          abort: true,
        }),
      ),
    ),
  )
}

/** A form value as a string: an unchecked box or an unselected radio group is empty. */
function text(f: FieldSpec) {
  return (v: unknown): string => {
    // A group of checkboxes gives an array: its values joined as lead.DecodeValues does.
    const s = v == null || v === false ? '' : Array.isArray(v) ? v.join(',') : String(v)
    return f.trim ? s.trim() : s
  }
}

/** One field's schema: absent (not in the form) passes, the server checks what it gets. */
export function fieldSchema(f: FieldSpec) {
  if (f.type === 'file') return fileSchema(f)
  const checks = typeChecks(f).map(([ok, key]) => z.refine<string>((v) => isEmpty(v) || ok(v), { message: key, abort: true }))
  const required = z.refine<string>((v) => !(f.required && isEmpty(v)), { message: f.key ?? ERROR_KEYS.required, abort: true })
  const plain = z.refine<string>((v) => isPlain(v, f.type === 'long'), { message: ERROR_KEYS.control, abort: true })
  return z.optional(z.pipe(z.transform(text(f)), z.string().check(plain, required, ...checks)))
}

const cache = new Map<FormKind, z.ZodMiniObject>()

/** A kind's fields in FORMS; a lazy kind's (forms.lazy.ts) its page gives. */
export function fieldsOf(kind: FormKind): readonly FieldSpec[] {
  return (FORMS as Partial<Record<FormKind, readonly FieldSpec[]>>)[kind] ?? []
}

/**
 * The schema of a form kind: the fields the visitor fills in (the page's
 * hidden IDs are the server's to check). Made on first use, so a page
 * rendered on the server never builds one.
 */
export function formSchema(kind: FormKind, fields: readonly FieldSpec[] = fieldsOf(kind)): z.ZodMiniObject {
  let s = cache.get(kind)
  if (!s) {
    const shape: Record<string, ReturnType<typeof fieldSchema>> = {}
    for (const f of fields) if (f.type !== 'id') shape[f.name] = fieldSchema(f)
    s = z.looseObject(shape)
    cache.set(kind, s)
  }
  return s
}
