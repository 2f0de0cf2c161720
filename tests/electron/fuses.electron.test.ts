// The fuses of a packaged build (MATCHDESK_PACKAGED_APP names its binary, as the release workflow does after
// building the installers); skipped where there is none.
import { FuseV1Options } from '@electron/fuses'
import { describe, expect, it } from 'vitest'
import { readFuses } from '../support/stub-electron'

const packaged = process.env['MATCHDESK_PACKAGED_APP']

describe.skipIf(!packaged)('the packaged build', () => {
  it('carries the configured fuses', async () => {
    const fuses = await readFuses(packaged!)
    expect(fuses[FuseV1Options.RunAsNode]).toBe(false)
    expect(fuses[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false)
    expect(fuses[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false)
    expect(fuses[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true)
    expect(fuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true)
  })
})
