import type { ReactNode } from 'react'
import { Link, usePage } from '../lib/router'

const NAV = [
  { href: '/', label: 'Home' },
  { href: '/for-sale/', label: 'For sale' },
  { href: '/for-rent/', label: 'For rent' },
  { href: '/contact/', label: 'Contact' },
]

export function Layout({ children }: { children: ReactNode }) {
  const { url } = usePage()
  const path = url.split('?')[0]
  return (
    <>
      <header className="site-header">
        <nav aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href} aria-current={path === item.href ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main>{children}</main>
    </>
  )
}
