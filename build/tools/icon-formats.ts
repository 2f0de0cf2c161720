// Container formats for app icons: Windows .ico and macOS .icns, both holding PNG images.

/** A square PNG image and the edge length it was drawn at. */
export interface SizedPng {
  size: number
  png: Buffer
}

/** Windows .ico: a directory of PNG entries (PNG entries are valid since Windows Vista; 256 is written as 0). */
export function encodeIco(images: readonly SizedPng[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length + images.length * 16
  const entries = images.map(({ size, png }) => {
    if (size > 256) throw new Error(`an .ico entry can be at most 256 pixels (got ${size})`)
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size % 256, 0)
    entry.writeUInt8(size % 256, 1)
    entry.writeUInt16LE(1, 4)
    entry.writeUInt16LE(32, 6)
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += png.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)])
}

/** The icns element type for each pixel size of a PNG (Retina variants are named by their point size). */
export const ICNS_TYPES: ReadonlyArray<{ type: string; pixels: number }> = [
  { type: 'icp4', pixels: 16 },
  { type: 'ic11', pixels: 32 },
  { type: 'icp5', pixels: 32 },
  { type: 'ic12', pixels: 64 },
  { type: 'icp6', pixels: 64 },
  { type: 'ic07', pixels: 128 },
  { type: 'ic13', pixels: 256 },
  { type: 'ic08', pixels: 256 },
  { type: 'ic14', pixels: 512 },
  { type: 'ic09', pixels: 512 },
  { type: 'ic10', pixels: 1024 },
]

/** macOS .icns: 'icns', the total length, then one element (type, length, PNG) per entry of ICNS_TYPES. */
export function encodeIcns(images: readonly SizedPng[]): Buffer {
  const elements = ICNS_TYPES.map(({ type, pixels }) => {
    const image = images.find((candidate) => candidate.size === pixels)
    if (!image) throw new Error(`an .icns needs a ${pixels}×${pixels} image for ${type}`)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'latin1')
    head.writeUInt32BE(8 + image.png.length, 4)
    return Buffer.concat([head, image.png])
  })
  const body = Buffer.concat(elements)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'latin1')
  head.writeUInt32BE(8 + body.length, 4)
  return Buffer.concat([head, body])
}
