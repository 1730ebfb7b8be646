import type { PostProps } from '../../../lib/router'

/** The first value posted under name, or undefined. */
export function posted(props: PostProps, name: string): string | undefined {
  const v = props.form?.values?.[name]
  return Array.isArray(v) ? v[0] : v
}
