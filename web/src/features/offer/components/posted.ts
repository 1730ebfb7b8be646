/** The page's props after a refused post: what the visitor typed. */
export interface PostedProps {
  form?: { name?: string; values?: Record<string, string | string[]> }
  errors?: Record<string, string>
}

/** The first value posted under name, or undefined. */
export function posted(props: PostedProps, name: string): string | undefined {
  const v = props.form?.values?.[name]
  return Array.isArray(v) ? v[0] : v
}
