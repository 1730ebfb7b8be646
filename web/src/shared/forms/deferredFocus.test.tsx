// A file of its own: once one deferred form was asked for, every later one of the module loads at once.
import { act, waitFor } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { expect, it } from 'vitest'
import { LangProvider } from '../../lib/i18n'
import { deferredForm, type FormModule } from './deferred'

function Form() {
  return (
    <form method="post">
      <input name="firstName" />
    </form>
  )
}
const module: FormModule<object> = { default: Form }

it('a server form the visitor is already in when it hydrates (its part came late on a slowed phone) loads its code at once', async () => {
  const Server = deferredForm(() => new Promise<never>(() => {}), module)
  const container = document.createElement('div')
  container.innerHTML = renderToString(<LangProvider lang="en"><Server /></LangProvider>)
  document.body.append(container)
  container.querySelector('input')!.focus() // before the listeners: no focusin will come again
  let calls = 0
  const Client = deferredForm(() => (calls++, new Promise<never>(() => {})))
  let root: Root | undefined
  await act(async () => void (root = hydrateRoot(container, <LangProvider lang="en"><Client /></LangProvider>)))
  await waitFor(() => expect(calls).toBe(1))
  act(() => root?.unmount())
  container.remove()
})
