import type { PostedForm } from '../../../../gen/admin'

/**
 * What a refused post typed in its field `name`, when the page answers the
 * form `form` again (the server's PostedForm, the same on every entry);
 * undefined when another form posted or the field is absent.
 */
export function posted(post: PostedForm | undefined, form: string | undefined, name: string): string | undefined {
  if (!post || (form !== undefined && post.name !== form)) return undefined
  const v = post.values?.[name]
  return Array.isArray(v) ? v[0] : v
}
