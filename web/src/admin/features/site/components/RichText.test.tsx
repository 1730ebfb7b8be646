import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { texts } from '../../../shared/texts'
import { RichText } from './RichText'

const t = texts({ texts: {}, lang: 'en' })

describe('a text holding HTML', () => {
  it('is a document with a toolbar once the editor runs, and its HTML on demand', async () => {
    const change = vi.fn()
    render(<RichText id="site-field-x.fr" lang="fr" value="<h2>Titre</h2><p>Texte</p>" readOnly={false} invalid={false} onChange={change} t={t} />)
    const toolbar = await screen.findByRole('toolbar')
    expect(toolbar.getAttribute('aria-controls')).toBe('site-field-x.fr')
    expect(document.getElementById('site-field-x.fr')?.querySelector('h2')?.textContent).toBe('Titre')
    // The cursor starts in the heading: its button says so.
    await waitFor(() => expect(screen.getByRole('button', { name: 'H2' }).getAttribute('aria-pressed')).toBe('true'))
    fireEvent.click(screen.getByRole('button', { name: 'HTML' }))
    const area = document.getElementById('site-field-x.fr') as HTMLTextAreaElement
    expect(area.tagName).toBe('TEXTAREA')
    expect(area.value).toBe('<h2>Titre</h2><p>Texte</p>')
    fireEvent.input(area, { target: { value: '<p>Autre</p>' } })
    expect(change).toHaveBeenCalledWith('<p>Autre</p>')
  })

  it('changes nothing by opening: a text the editor writes otherwise (no paragraph) stays as it is until typed in', async () => {
    const change = vi.fn()
    render(<RichText id="site-field-z.fr" lang="fr" value="Combien vaut votre bien ?" readOnly={false} invalid={false} onChange={change} t={t} />)
    await screen.findByRole('toolbar')
    await new Promise((r) => setTimeout(r, 50))
    expect(change).not.toHaveBeenCalled()
  })

  it('shows no toolbar when it may not be changed', async () => {
    render(<RichText id="site-field-y.nl" lang="nl" value="<p>Tekst</p>" readOnly invalid={false} onChange={vi.fn()} t={t} />)
    await waitFor(() => expect(document.querySelector('.site-rich-body')).toBeTruthy())
    expect(screen.queryByRole('toolbar')).toBeNull()
  })
})
