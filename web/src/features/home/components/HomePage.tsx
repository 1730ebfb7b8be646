import { formatPrice, type Lang } from '../../../lib/format/price'
import { Head } from '../../../lib/head/Head'
import { Link } from '../../../lib/router'

export interface HomeItem {
  id: string | number
  name: string
  price: number
  url?: string
}

export interface HomeProps {
  title: string
  items: HomeItem[]
  lang?: Lang
}

export function HomePage({ title, items, lang = 'nl' }: HomeProps) {
  return (
    <section className="home">
      <Head title={title} meta={[{ name: 'description', content: title }]} />
      <h1>{title}</h1>
      <ul className="offers">
        {items.map((item) => (
          <li key={item.id} className="offer">
            {item.url ? <Link href={item.url}>{item.name}</Link> : <span>{item.name}</span>}{' '}
            <span className="price">{formatPrice(item.price, lang)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
