import { describe, expect, it } from 'vitest'
import { typingIn } from './typing-target'

describe('typing in a field', () => {
  it('is an input, a text area (a config file, a sequence’s steps), a list or editable text; a button is not', () => {
    document.body.innerHTML = `
      <input id="a"><textarea id="b" readonly></textarea><select id="c"></select>
      <div contenteditable="true"><span id="d">x</span></div><div contenteditable="false"><span id="e">y</span></div>
      <button id="f">Hold</button>`
    const at = (id: string) => document.getElementById(id)
    expect(['a', 'b', 'c', 'd'].map((id) => typingIn(at(id)))).toEqual([true, true, true, true])
    expect(['e', 'f'].map((id) => typingIn(at(id)))).toEqual([false, false])
    expect(typingIn(null)).toBe(false)
  })
})
