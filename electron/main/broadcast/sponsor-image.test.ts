import { describe, expect, it } from 'vitest'
import {
  gifHeader,
  jpegFile,
  jpegHeader,
  jpegHiddenFrame,
  pngHeader,
  pngLogo,
  svgFile,
  webpHeader,
} from '../../../tests/support/image-headers'
import { sponsorImage } from './sponsor-image'

const refusal = (bytes: Buffer) => {
  try {
    sponsorImage(bytes.toString('base64'))
  } catch (error) {
    return (error as Error & { fields?: Record<string, string> }).fields?.['image']
  }
  return undefined
}

describe('a sponsor’s image', () => {
  it('takes a PNG, JPEG or WebP known by its first bytes, with its size read from its header', () => {
    expect(sponsorImage(pngLogo('Acme').toString('base64'))).toMatchObject({
      type: 'image/png',
      width: 480,
      height: 240,
    })
    expect(sponsorImage(jpegHeader(1920, 1080).toString('base64'))).toMatchObject({ type: 'image/jpeg', width: 1920 })
    expect(sponsorImage(webpHeader(4096, 512).toString('base64'))).toMatchObject({ type: 'image/webp', height: 512 })
  })

  it('refuses SVG, GIF and anything else by content, naming the field', () => {
    expect(refusal(svgFile())).toBe('image: a PNG, JPEG or WebP file (this one is not)')
    expect(refusal(gifHeader())).toBe('image: a PNG, JPEG or WebP file (this one is not)')
    expect(refusal(Buffer.from('just text'))).toBe('image: a PNG, JPEG or WebP file (this one is not)')
    expect(refusal(Buffer.alloc(0))).toBe('image: choose a PNG, JPEG or WebP file')
  })

  it('refuses more than 2 MB decoded and more than 4096 pixels a side, saying the limit', () => {
    const big = Buffer.concat([pngHeader(100, 100), Buffer.alloc(2 * 1024 * 1024)])
    expect(refusal(big)).toBe('image: at most 2 MB')
    // A few bytes that would decode to 20,000 × 20,000 pixels (1.6 GB): refused from the header alone.
    expect(refusal(pngHeader(20_000, 20_000))).toBe('image: at most 4096 × 4096 pixels (this one is 20000 × 20000)')
    expect(refusal(webpHeader(5000, 10))).toBe('image: at most 4096 × 4096 pixels (this one is 5000 × 10)')
    expect(refusal(jpegHeader(10, 4097))).toBe('image: at most 4096 × 4096 pixels (this one is 10 × 4097)')
  })

  it('measures a JPEG as a decoder does: fill bytes skipped, any frame kind, and no size it cannot trust', () => {
    expect(sponsorImage(jpegFile(640, 360).toString('base64'))).toMatchObject({ width: 640, height: 360 })
    expect(sponsorImage(jpegFile(800, 600, [0xc1]).toString('base64'))).toMatchObject({ width: 800, height: 600 })
    // A stray byte before a comment holding a 1 × 1 frame header, the real frame 8192 × 8192: once read as 1 × 1.
    expect(refusal(jpegHiddenFrame())).toBe('image: it has bytes between its segments (a damaged file?)')
    expect(refusal(jpegFile(100, 100, [0xc0, 0xc2]))).toBe('image: it holds a second frame')
    expect(refusal(jpegFile(100, 0))).toBe('image: its height is left to a later marker')
    expect(refusal(jpegFile(5000, 100, [0xcf]))).toBe('image: at most 4096 × 4096 pixels (this one is 5000 × 100)')
  })
})
