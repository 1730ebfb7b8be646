import { act, fireEvent, render, screen } from '@testing-library/react'
import { LangProvider } from '../i18n'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setConsent } from '../consent'
import { ConsentGate } from './ConsentGate'

const frame = () => <div title="the tour" />

function show() {
  render(
    <LangProvider lang="de">
      <ConsentGate category="unclassified" provider="tiles.example">
        {frame}
      </ConsentGate>
    </LangProvider>,
  )
}

afterEach(() => act(() => setConsent({ decided: false, accepted: ['necessary'] })))

describe('ConsentGate', () => {
  it('shows a placeholder naming the provider and category until asked, then the content', () => {
    show()
    expect(screen.queryByTitle('the tour')).toBeNull()
    expect(screen.getByText(/tiles\.example.*Nicht klassifiziert/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Inhalt von tiles.example laden' }))
    expect(screen.getByTitle('the tour')).toBeTruthy()
  })

  it('loads at once when the category is accepted, also later', () => {
    show()
    expect(screen.queryByTitle('the tour')).toBeNull()
    act(() => setConsent({ decided: true, accepted: ['necessary', 'social'] }))
    expect(screen.queryByTitle('the tour')).toBeNull()
    act(() => setConsent({ decided: true, accepted: ['necessary', 'unclassified'] }))
    expect(screen.getByTitle('the tour')).toBeTruthy()
  })

  it('opens the cookie settings', () => {
    const open = vi.fn()
    window.addEventListener('immo:cookie-settings', open)
    show()
    fireEvent.click(screen.getByRole('button', { name: 'Cookie-Einstellungen' }))
    expect(open).toHaveBeenCalledOnce()
    window.removeEventListener('immo:cookie-settings', open)
  })
})
