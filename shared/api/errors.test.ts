// Error answers in either shape read the same: the service's {errors: [...]} and its OAuth server's {error, hint, message}.
import { describe, expect, it } from 'vitest'
import { errorSaid } from './errors'

describe('errorSaid', () => {
  it("reads the service's shape: every message, and each field's first", () => {
    const said = errorSaid({
      errors: [
        { message: 'name is too long', property_path: 'name' },
        { message: 'email is not an address', property_path: 'email' },
      ],
    })
    expect(said).toEqual({
      message: 'name is too long; email is not an address',
      fields: { name: 'name is too long', email: 'email is not an address' },
    })
  })

  it("reads the OAuth server's shape: its code, its message, and the hint when it adds something", () => {
    expect(
      errorSaid({ error: 'invalid_client', message: 'Client authentication failed', hint: 'Check the secret' }),
    ).toEqual({ code: 'invalid_client', message: 'Client authentication failed (Check the secret)', fields: {} })
    expect(errorSaid({ error: 'invalid_scope', error_description: 'The scope is unknown' })).toMatchObject({
      code: 'invalid_scope',
      message: 'The scope is unknown',
    })
    expect(errorSaid({ error: 'invalid_request' })).toMatchObject({ message: 'invalid_request' })
  })

  it('says nothing for a body in neither shape', () => {
    expect(errorSaid('<html>')).toEqual({ message: '', fields: {} })
  })
})
