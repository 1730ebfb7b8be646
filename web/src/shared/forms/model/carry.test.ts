import { describe, expect, it } from 'vitest'
import type { FieldSpec } from '../../../gen/forms'
import { valuesIn } from './carry'

const fields: FieldSpec[] = [
  { name: 'title', type: 'choice', options: ['mr', 'ms'] },
  { name: 'firstName', type: 'text' },
  { name: 'types', type: 'list' },
  { name: 'contactTime', type: 'list' },
  { name: 'newsletter', type: 'choice', options: ['yes'] },
  { name: 'unit', type: 'text' },
  { name: 'cv', type: 'file' },
]

function form(html: string): HTMLFormElement {
  const f = document.createElement('form')
  f.innerHTML = html
  return f
}

describe('valuesIn', () => {
  it("reads a server form as the visitor left it, in the shape of the server's values after a refused post", () => {
    const f = form(`
      <input type="hidden" name="form" value="demand-register">
      <input type="radio" name="title" value="mr"><input type="radio" name="title" value="ms">
      <input name="firstName">
      <input type="checkbox" name="types" value="house"><input type="checkbox" name="types" value="flat">
      <input type="checkbox" name="contactTime" value="morning"><input type="checkbox" name="contactTime" value="evening">
      <input type="checkbox" name="newsletter" value="yes">
      <select name="unit"><option value="">-</option><option value="A1">A1</option></select>
      <input type="file" name="cv">
      <input name="website2" value="bot">`)
    const el = <T extends Element>(sel: string) => f.querySelector(sel) as T
    el<HTMLInputElement>('[name="title"][value="ms"]').checked = true
    el<HTMLInputElement>('[name="firstName"]').value = 'Anna'
    el<HTMLInputElement>('[name="types"][value="flat"]').checked = true
    el<HTMLInputElement>('[name="newsletter"]').checked = true
    el<HTMLSelectElement>('[name="unit"]').value = 'A1'
    expect(valuesIn(f, fields)).toEqual({
      title: 'ms',
      firstName: 'Anna',
      types: ['flat'], // boxes under one name: a list, even of one
      contactTime: [], // none ticked: an empty list, so react-hook-form unticks them all
      newsletter: 'yes', // one box: its value
      unit: 'A1',
      // no cv (a file input cannot be set), no form or honeypot (not the kind's fields)
    })
  })

  it('leaves out a choice nobody made and a lone box not ticked: react-hook-form reads those from the inputs', () => {
    const f = form(`<input type="radio" name="title" value="mr"><input type="radio" name="title" value="ms"><input type="checkbox" name="newsletter" value="yes"><input name="firstName">`)
    expect(valuesIn(f, fields)).toEqual({ firstName: '' })
  })
})
