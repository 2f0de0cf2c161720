// Image files for tests, made here: the first bytes a PNG, JPEG, WebP, GIF or SVG starts with and a header saying any
// size, as small as the formats allow (no pixel data: only what a format check and a size read look at), and a real
// PNG drawn by resvg for pages that show it.
import { Resvg } from '@resvg/resvg-js'

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
const u16be = (n: number) => [(n >>> 8) & 255, n & 255]
const u24le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255]

/** A PNG's signature and header chunk saying width × height. */
export const pngHeader = (width: number, height: number): Buffer =>
  Buffer.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...u32be(13),
    ...Buffer.from('IHDR'),
    ...u32be(width),
    ...u32be(height),
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ])

/** A JPEG's start, its JFIF segment and a baseline frame header saying width × height. */
export const jpegHeader = (width: number, height: number): Buffer =>
  Buffer.from([
    ...[0xff, 0xd8, 0xff, 0xe0, ...u16be(16), ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...[0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, ...new Array<number>(9).fill(0)],
  ])

/** A JPEG frame header (SOFn) saying width × height. */
const frameHeader = (sof: number, width: number, height: number) => [
  ...[0xff, sof, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, ...new Array<number>(9).fill(0)],
]

/** A scan: its header, a little coded data (a stuffed FF 00 and a restart marker in it), and the end of the image. */
const scanAndEnd = [
  0xff,
  0xda,
  ...u16be(12),
  3,
  1,
  0,
  2,
  0x11,
  3,
  0x11,
  0,
  63,
  0,
  0x12,
  0xff,
  0x00,
  0x34,
  0xff,
  0xd3,
  0x56,
]
const endOfImage = [0xff, 0xd9]

/**
 * A JPEG that lies about its size: one stray byte after its JFIF segment, then a comment holding a frame header of
 * 1 × 1, then its real frame of 8192 × 8192. A reader that resyncs on the stray byte reads the comment's; a decoder
 * steps over the comment by its length and draws the real one.
 */
export const jpegHiddenFrame = (): Buffer =>
  Buffer.from([
    ...[0xff, 0xd8, 0xff, 0xe0, ...u16be(16), ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0],
    0x00,
    ...[0xff, 0xfe, ...u16be(2 + 19), ...frameHeader(0xc0, 1, 1)],
    ...frameHeader(0xc0, 8192, 8192),
    ...scanAndEnd,
    ...endOfImage,
  ])

/** A whole JPEG as a decoder reads it: fill bytes before markers, a progressive frame (SOF2), a scan, the end. */
export const jpegFile = (width: number, height: number, frames = [0xc2]): Buffer =>
  Buffer.from([
    ...[0xff, 0xd8, 0xff, 0xff, 0xff, 0xe0, ...u16be(16), ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...frames.flatMap((sof) => frameHeader(sof, width, height)),
    ...scanAndEnd,
    ...endOfImage,
  ])

/** A WebP (extended, VP8X) saying width × height. */
export const webpHeader = (width: number, height: number): Buffer => {
  const chunk = [...Buffer.from('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]
  return Buffer.from([...Buffer.from('RIFF'), 22, 0, 0, 0, ...Buffer.from('WEBP'), ...chunk])
}

export const gifHeader = (): Buffer => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')
export const svgFile = (): Buffer =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')

/** A real PNG logo (a coloured card with a word), width × height, drawn by resvg. */
export function pngLogo(word: string, width = 480, height = 240, colour = '#1f6feb'): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" rx="24" fill="${colour}"/>
    <text x="50%" y="58%" font-size="${Math.round(height / 3)}" font-family="sans-serif" font-weight="700"
      fill="#fff" text-anchor="middle">${word}</text></svg>`
  return Buffer.from(new Resvg(svg, { font: { loadSystemFonts: true } }).render().asPng())
}
