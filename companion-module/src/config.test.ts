// The connection's configuration: each fault named by its field, and the address reduced to the hub's origin.
import { describe, expect, it } from 'vitest'
import { checkConfig } from './config'
import { castersOf } from './actions'

describe('the configuration', () => {
  it('names the field that is wrong', () => {
    expect(checkConfig({ hub: 'hub.local', token: 't' })).toEqual({
      ok: false,
      problem: 'Hub address: a web address like http://127.0.0.1:7310',
    })
    expect(checkConfig({ hub: 'ftp://10.0.0.2:7310', token: 't' })).toMatchObject({
      problem: /^Hub address: starts with http/,
    })
    expect(checkConfig({ hub: 'http://10.0.0.2:7310', token: ' ' })).toMatchObject({ problem: /^Control token/ })
    expect(checkConfig({ hub: 'http://10.0.0.2:7310', token: 'x'.repeat(257) })).toMatchObject({
      problem: /at most 256 characters/,
    })
  })

  it('takes a token pasted with its “Bearer ” prefix, as the desk’s Copy suggests for Generic HTTP', () => {
    expect(checkConfig({ hub: 'http://127.0.0.1:7310', token: 'Bearer abc' })).toMatchObject({
      address: { token: 'abc' },
    })
  })

  it('keeps the hub’s origin, the token and the key, trimmed', () => {
    expect(checkConfig({ hub: ' http://10.0.0.2:7310/desk ', token: ' tok ', deviceKey: ' key ' })).toEqual({
      ok: true,
      address: { url: 'http://10.0.0.2:7310', token: 'tok', deviceKey: 'key' },
    })
  })
})

describe('the casters option', () => {
  it('reads names, handles and pronouns, “;” between casters', () => {
    expect(castersOf('Ana Lima @ana (she/her); Bo; Chen Wei @chen')).toEqual([
      { name: 'Ana Lima', handle: '@ana', pronouns: 'she/her' },
      { name: 'Bo', handle: '', pronouns: '' },
      { name: 'Chen Wei', handle: '@chen', pronouns: '' },
    ])
    expect(castersOf('  ;  ')).toEqual([])
  })
})
