// The dispatcher: unknown channels, bad input and thrown errors all come back as Results; nothing is thrown across.
import { describe, expect, it, vi } from 'vitest'
import { createDispatch, type Handlers } from './dispatch'
import { AppError } from '../app-error'

const profile = { id: 'demo', name: 'Demo venue', demo: true }

function dispatchWith(handler: Handlers['app:info'], log = vi.fn()) {
  return { dispatch: createDispatch({ 'app:info': handler } as unknown as Handlers, log), log }
}

describe('createDispatch', () => {
  it('answers a valid call with the handler value', async () => {
    const { dispatch } = dispatchWith(() => ({ version: '1.2.3', profile, notices: [] }))
    expect(await dispatch('app:info', {})).toEqual({ ok: true, value: { version: '1.2.3', profile, notices: [] } })
  })

  it('refuses an unknown channel without running anything', async () => {
    const handler = vi.fn()
    const { dispatch } = dispatchWith(handler)
    expect(await dispatch('fs:read', {})).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(handler).not.toHaveBeenCalled()
  })

  it('refuses input the contract does not allow, naming the field', async () => {
    const handler = vi.fn()
    const { dispatch } = dispatchWith(handler)
    const result = await dispatch('app:info', { path: '/etc/passwd' })
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } })
    expect(JSON.stringify(result)).toContain('path')
    expect(handler).not.toHaveBeenCalled()
  })

  it('passes an AppError through with its code and fields', async () => {
    const { dispatch } = dispatchWith(() => {
      throw new AppError('forbidden', 'organizer:admin is missing', { scope: 'organizer:admin' })
    })
    expect(await dispatch('app:info', {})).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'organizer:admin is missing', fields: { scope: 'organizer:admin' } },
    })
  })

  it('hides unexpected errors behind a generic message and logs them', async () => {
    const { dispatch, log } = dispatchWith(() => {
      throw new Error('token=abc123 leaked in a stack')
    })
    const result = await dispatch('app:info', {})
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(result)).not.toContain('abc123')
    expect(log).toHaveBeenCalledOnce()
  })
})
