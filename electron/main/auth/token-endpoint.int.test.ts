// The token endpoint's refusals reach the person in words, whichever shape they come in: the OAuth server's
// {error, hint, message} (the sandbox, as the service) or the organizer interface's {errors: [...]}.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { tokenEndpoint } from './token-endpoint'

let sandbox: Sandbox
let other: Server
let otherBase = ''
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3 })
  // A token endpoint behind a gateway that answers in the organizer interface's shape.
  other = createServer((_request, response) =>
    response
      .writeHead(400, { 'content-type': 'application/json' })
      .end(
        JSON.stringify({ errors: [{ message: 'client_id is not a known application', property_path: 'client_id' }] }),
      ),
  )
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
})
afterAll(async () => {
  await sandbox.close()
  other.close()
})

describe('token endpoint refusals', () => {
  it("shows the OAuth server's message for a wrong secret", async () => {
    const refused = tokenEndpoint(sandbox.auth)({
      grant_type: 'client_credentials',
      client_id: sandbox.clientId,
      client_secret: 'wrong',
    })
    await expect(refused).rejects.toMatchObject({
      code: 'unauthorized',
      oauthError: 'invalid_client',
      message: expect.stringMatching(/^Sign-in was refused \(invalid_client: .+\)\.$/),
    })
  })

  it("shows the interface's message when the answer comes in its shape", async () => {
    await expect(tokenEndpoint(otherBase)({ grant_type: 'client_credentials' })).rejects.toMatchObject({
      code: 'validation',
      message: 'Sign-in was refused (client_id is not a known application).',
    })
  })
})
