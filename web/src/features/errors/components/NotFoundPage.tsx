import { Head } from '../../../lib/head/Head'
import { Link } from '../../../lib/router'

export interface NotFoundProps {
  title?: string
}

export function NotFoundPage({ title = 'Page not found' }: NotFoundProps) {
  return (
    <section className="not-found">
      <Head title={title} meta={[{ name: 'robots', content: 'noindex' }]} />
      <h1>{title}</h1>
      <p>
        <Link href="/">Home</Link>
      </p>
    </section>
  )
}
