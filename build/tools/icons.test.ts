import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ICNS_TYPES, encodeIcns, encodeIco } from './icon-formats'
import { ICONS_DIR, ICON_SOURCE, ICO_SIZES, LINUX_SIZES, drawIcons, renderPng } from './make-icons'

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

describe('installer icons', () => {
  it('in build/ are exactly what the source image draws (run `npm run icons` after editing it)', async () => {
    const drawn = drawIcons(await readFile(ICON_SOURCE, 'utf8'))
    expect(drawn.size).toBe(LINUX_SIZES.length + 3)
    for (const [name, bytes] of drawn) {
      const committed = await readFile(join(ICONS_DIR, name))
      expect(committed.equals(bytes), `build/${name} is stale`).toBe(true)
    }
  })

  it('give Linux one square PNG per size', async () => {
    for (const size of LINUX_SIZES) {
      expect(pngSize(await readFile(join(ICONS_DIR, `icons/${size}x${size}.png`)))).toEqual({
        width: size,
        height: size,
      })
    }
  })

  it('give Windows an .ico whose directory points at PNGs of the sizes it claims', async () => {
    const ico = await readFile(join(ICONS_DIR, 'icon.ico'))
    expect(ico.readUInt16LE(2)).toBe(1)
    const count = ico.readUInt16LE(4)
    expect(count).toBe(ICO_SIZES.length)
    const sizes = []
    for (let index = 0; index < count; index++) {
      const entry = 6 + index * 16
      const claimed = ico.readUInt8(entry) || 256
      const length = ico.readUInt32LE(entry + 8)
      const offset = ico.readUInt32LE(entry + 12)
      expect(offset + length).toBeLessThanOrEqual(ico.length)
      expect(pngSize(ico.subarray(offset, offset + length))).toEqual({ width: claimed, height: claimed })
      sizes.push(claimed)
    }
    expect(sizes).toEqual([...ICO_SIZES])
  })

  it('give macOS an .icns with every element type, each a PNG of its pixel size', async () => {
    const icns = await readFile(join(ICONS_DIR, 'icon.icns'))
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const found: Array<{ type: string; pixels: number }> = []
    for (let offset = 8; offset < icns.length;) {
      const type = icns.subarray(offset, offset + 4).toString('latin1')
      const length = icns.readUInt32BE(offset + 4)
      found.push({ type, pixels: pngSize(icns.subarray(offset + 8, offset + length)).width })
      offset += length
    }
    expect(found).toEqual(ICNS_TYPES)
  })

  it('refuse what the formats cannot hold, naming the size', () => {
    const big = { size: 512, png: renderPng('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>', 512) }
    expect(() => encodeIco([big])).toThrow('an .ico entry can be at most 256 pixels (got 512)')
    expect(() => encodeIcns([big])).toThrow('an .icns needs a 16×16 image for icp4')
  })
})
