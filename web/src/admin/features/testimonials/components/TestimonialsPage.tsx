import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { TestimonialRow, TestimonialsProps } from '../../../../gen/admin'
import { Link, useRouter } from '../../../../lib/router'
import { posted, PostButton } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { texts, when, type T } from '../../../shared/texts'

type Post = (data: Record<string, string>) => Promise<void> | undefined

/** The testimonials to moderate: the pending ones first (publish, reject, edit the text), then the published. */
export function TestimonialsPage(props: TestimonialsProps) {
  const t = texts(props)
  const router = useRouter()
  // The edit form waits for its post (react-hook-form's isSubmitting keeps its button off meanwhile).
  const post: Post = (data) => router?.visit(props.action, { method: 'post', data, preserveScroll: true })
  const rows = props.rows ?? []
  const pending = rows.filter((r) => !r.approved)
  const published = rows.filter((r) => r.approved)
  const list = (items: TestimonialRow[], none: string) => items.length === 0 ? <p>{t(none)}</p> : (
    <ul className="admin-cards">
      {items.map((r) => <Card key={r.id} row={r} props={props} t={t} post={post} />)}
    </ul>
  )
  return (
    <Shell base={props} title={t('admin.title.AdminTestimonials')}>
      <p>{t('admin.testimonials.help')}</p>
      {props.errors?.form === 'admin.error.cursor' && <p><Link href={props.action}>{t('admin.mails.first')}</Link></p>}
      <section aria-labelledby="testimonials-pending">
        <h2 id="testimonials-pending">{t('admin.testimonials.pending')} ({props.pendingTotal})</h2>
        {list(pending, 'admin.testimonials.nonePending')}
        <More href={props.pendingNext} first={props.first} t={t} />
      </section>
      <section aria-labelledby="testimonials-published">
        <h2 id="testimonials-published">{t('admin.testimonials.published')} ({props.publishedTotal})</h2>
        {list(published, 'admin.testimonials.nonePublished')}
        <More href={props.publishedNext} first={props.first} t={t} />
      </section>
    </Shell>
  )
}

/** A section's next page (older ones) and, past the first, the way back to it. */
function More({ href, first, t }: { href: string; first: string; t: T }) {
  if (!href && !first) return null
  return (
    <nav className="admin-pages" aria-label={t('admin.mails.pages')}>
      {first && <Link href={first}>{t('admin.mails.first')}</Link>}
      {href && <Link href={href} rel="next">{t('admin.mails.older')}</Link>}
    </nav>
  )
}

/** One testimonial: what it says and where it came from, its buttons, and its text's form. */
function Card({ row: r, props, t, post }: { row: TestimonialRow; props: TestimonialsProps; t: T; post: Post }) {
  const mine = (action: string) => props.form?.name === `${action}-${r.id}`
  return (
    <li className={`admin-card${r.approved ? '' : ' is-pending'}`}>
      <p className="admin-card-head">
        <strong>{r.name}</strong>{' '}
        <span className="admin-status">{t(r.approved ? 'admin.testimonials.statePublished' : 'admin.testimonials.statePending')}</span>
      </p>
      <blockquote className="admin-remark">{r.comment}</blockquote>
      {r.pictureView && (
        <img className="admin-card-picture" src={r.pictureView} alt={t('admin.testimonials.pictureAlt', { name: r.name })} loading="lazy" />
      )}
      <p className="admin-meta">
        <span>{t('admin.testimonials.created')}{t.colon}{when(r.created, props.lang)}</span>
        {r.lang && <span>{t('admin.testimonials.lang')}{t.colon}{r.lang.toUpperCase()}</span>}
        {r.about && <span>{t('admin.testimonials.about.label')}{t.colon}{t(`admin.testimonials.about.${r.about}`)}</span>}
        {r.website && <span>{t('admin.testimonials.website')}{t.colon}<a href={r.website} rel="nofollow noopener noreferrer" target="_blank">{r.website}</a></span>}
        {r.picture && <a href={r.picture} download>{t('admin.testimonials.picture')}</a>}
        {r.lead && <Link href={r.lead}>{t('admin.testimonials.lead')}</Link>}
      </p>
      <div className="admin-card-actions">
        {!r.approved && (
          <PostButton action={props.action} fields={{ action: 'approve', id: String(r.id) }} label={t('admin.testimonials.approve')} />
        )}
        {r.picture && (
          <PostButton action={props.action} fields={{ action: 'dropPicture', id: String(r.id) }} confirm={t('admin.testimonials.dropPictureConfirm')} label={t('admin.testimonials.dropPicture')} />
        )}
        <PostButton action={props.action} fields={{ action: 'reject', id: String(r.id) }} confirm={t('admin.testimonials.rejectConfirm')} label={t('admin.testimonials.reject')} buttonClassName="admin-danger" />
      </div>
      <EditForm row={r} props={props} t={t} post={post} open={mine('edit')} />
    </li>
  )
}

/** The name and comment as the site shows them, checked as the server checks them. */
function EditForm({ row: r, props, t, post, open }: { row: TestimonialRow; props: TestimonialsProps; t: T; post: Post; open: boolean }) {
  const schema = z.object({
    name: z.string().trim().min(1, 'admin.testimonials.error.nameEmpty').max(props.maxName, 'admin.testimonials.error.nameLong'),
    comment: z.string().trim().min(1, 'admin.testimonials.error.commentEmpty').max(props.maxComment, 'admin.testimonials.error.commentLong'),
  })
  const typed = (name: 'name' | 'comment') => (open ? posted(props.form, undefined, name) : undefined)
  const form = useForm<{ name: string; comment: string }>({
    resolver: zodResolver(schema),
    defaultValues: { name: typed('name') ?? r.name, comment: typed('comment') ?? r.comment },
  })
  const save = form.handleSubmit((v) => post({ action: 'edit', id: String(r.id), name: v.name, comment: v.comment }))
  const err = (name: 'name' | 'comment') => form.formState.errors[name]?.message ?? (open ? props.errors?.[name] : undefined)
  const id = (name: string) => `testimonial-${r.id}-${name}`
  const invalid = (name: 'name' | 'comment') => (err(name) ? { 'aria-invalid': true, 'aria-describedby': id(`${name}-error`) } : {})
  return (
    <details className="admin-edit" open={open || undefined}>
      <summary>{t('admin.testimonials.edit')}</summary>
      <form method="post" action={props.action} noValidate onSubmit={save}>
        <input type="hidden" name="action" value="edit" />
        <input type="hidden" name="id" value={r.id} />
        <label htmlFor={id('name')}>{t('admin.testimonials.name')}</label>
        <input id={id('name')} maxLength={props.maxName} {...invalid('name')} {...form.register('name')} />
        {err('name') && <span id={id('name-error')} className="admin-error" role="alert">{t(err('name')!)}</span>}
        <label htmlFor={id('comment')}>{t('admin.testimonials.comment')}</label>
        <textarea id={id('comment')} rows={4} maxLength={props.maxComment} {...invalid('comment')} {...form.register('comment')} />
        {err('comment') && <span id={id('comment-error')} className="admin-error" role="alert">{t(err('comment')!)}</span>}
        <button type="submit" disabled={form.formState.isSubmitting}>{t('admin.testimonials.save')}</button>
      </form>
    </details>
  )
}
