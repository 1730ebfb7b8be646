import type { ReactNode } from 'react'

/** A page of one card under its title (the owners', registrants' and newsletter pages): look names its classes. */
export function CardPage({ look, title, children }: { look: string; title: ReactNode; children: ReactNode }) {
  return (
    <div className={`page ${look}-page`}>
      <div className="container">
        <h1>{title}</h1>
        <div className={`${look}-card`}>{children}</div>
      </div>
    </div>
  )
}
