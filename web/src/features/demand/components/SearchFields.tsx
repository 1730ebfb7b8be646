import type { ComponentType, ReactNode } from 'react'

/** The ranges of a demand, in pairs: their field names and their labels' keys. */
export const RANGES: readonly (readonly string[])[] = [
  ['priceMin', 'priceMax'],
  ['bedroomsMin', 'bedroomsMax'],
  ['garagesMin', 'garagesMax'],
  ['parkingsMin', 'parkingsMax'],
  ['bathroomsMin'],
]

type RangeField = ComponentType<{ name: string; label: ReactNode; type?: 'number'; defaultValue?: string }>

/**
 * The budget and rooms, two by two (a minimum beside its maximum): drawn
 * with the form's own field (the visitor form kit's TextField, or the
 * area's plain input).
 */
export function SearchRanges({ say, Field, values }: { say: (key: string) => string; Field: RangeField; values?: Record<string, string | string[]> | null }) {
  return (
    <>
      {RANGES.map((pair) => (
        <div className="demand-row" key={pair[0]}>
          {pair.map((name) => {
            const v = values?.[name]
            return <Field key={name} name={name} type="number" label={say(`registrant.register.${name}`)} defaultValue={typeof v === 'string' ? v : undefined} />
          })}
        </div>
      ))}
    </>
  )
}
