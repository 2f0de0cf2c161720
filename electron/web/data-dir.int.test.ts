// Web mode's default data folder: the desktop app's, unless the desktop app is using it right now.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { holdElsewhere } from '../../tests/support/folder-holder'
import { webDataDir } from './data-dir'

let child: ChildProcess | undefined
afterEach(() => void child?.kill('SIGKILL'))

describe('web mode data folder', () => {
  it('does not default to the desktop folder while the desktop app holds it', async () => {
    const desktop = mkdtempSync(join(tmpdir(), 'matchdesk-desktop-'))
    expect(webDataDir(desktop)).toBe(desktop)
    child = await holdElsewhere(desktop)
    expect(webDataDir(desktop)).toBe(`${desktop}-web`)
  })
})
