import type { ReactNode } from 'react'

export type Level = 1 | 2 | 3 | 4 | 5 | 6

/** "h2" → 2, clamped to [min, 6]; unknown sizes give fallback. */
export function levelOf(titleSize: string | undefined, min: Level = 1, fallback: Level = 2): Level {
  const m = /^h([1-6])$/i.exec(titleSize ?? '')
  const n = m ? Number(m[1]) : fallback
  return Math.min(6, Math.max(min, n)) as Level
}

/** A heading of a computed level, so headings stay in order wherever a block is placed. */
export function Heading({ level, className, id, lang, children }: { level: Level; className?: string; id?: string; lang?: string; children: ReactNode }) {
  const Tag = `h${level}` as 'h1'
  return (
    <Tag className={className} id={id} lang={lang}>
      {children}
    </Tag>
  )
}

/** One level below, at most h6. */
export function below(level: Level): Level {
  return Math.min(6, level + 1) as Level
}
