// A folder's files and nothing else, whatever symbolic links a layout pack carries: links to the data folder, to /
// and to another layout are not followed out of the folder; a link inside it is.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readStaticFile } from './static-files'

describe('readStaticFile', () => {
  it('serves only files whose real path lies inside the folder', async () => {
    const data = mkdtempSync(join(tmpdir(), 'matchdesk-static-'))
    writeFileSync(join(data, 'demo-venue.json'), '{"emails":true}')
    const layouts = join(data, 'layouts')
    mkdirSync(join(layouts, 'a'), { recursive: true })
    writeFileSync(join(layouts, 'a', 'own.js'), '// own')
    symlinkSync('own.js', join(layouts, 'a', 'alias.js'))
    symlinkSync('../../demo-venue.json', join(layouts, 'a', 'data.json'))
    symlinkSync('/', join(layouts, 'a', 'root'))
    mkdirSync(join(layouts, 'b'))
    symlinkSync('../a/own.js', join(layouts, 'b', 'borrowed.js'))
    symlinkSync('/', join(layouts, 'rootfs'))
    const read = async (layout: string, path: string) =>
      (await readStaticFile(join(layouts, layout), path))?.body.toString()
    expect(await read('a', 'own.js')).toBe('// own')
    expect(await read('a', 'alias.js')).toBe('// own')
    expect(await read('a', 'data.json')).toBeUndefined()
    expect(await read('a', `root${data}/demo-venue.json`)).toBeUndefined()
    expect(await read('b', 'borrowed.js')).toBeUndefined()
    expect(await read('rootfs', `${data.slice(1)}/demo-venue.json`)).toBeUndefined()
  })
})
