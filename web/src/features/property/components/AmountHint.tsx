import { useState, type ReactNode } from 'react'
import { formatAmount } from '../../../lib/format'
import { typedAmount } from '../model/offer'

/**
 * Shows the amount typed in the field named `name` inside it, formatted
 * ("€ 305.000"), as the visitor types: a live region, so it is read out.
 * The server renders it empty; without JavaScript there is no hint.
 */
export function AmountHint({ name, initial, label, children }: { name: string; initial?: string; label: (amount: string) => string; children: ReactNode }) {
  const [amount, setAmount] = useState<number | null>(() => typedAmount(initial ?? ''))
  return (
    <div
      className="offer-amount"
      onInput={(e) => {
        const el = e.target as HTMLInputElement
        if (el.name === name) setAmount(typedAmount(el.value))
      }}
    >
      {children}
      <p className="offer-amount-hint" aria-live="polite">
        {amount ? label(formatAmount(amount)) : ''}
      </p>
    </div>
  )
}
