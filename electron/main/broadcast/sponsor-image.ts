// A sponsor's image as a producer drops it in: base64 decoded and counted, a PNG, JPEG or WebP known by its first
// bytes (never by its name: SVG, which can carry script, and GIF are not taken), and its pixels read from its header
// and bounded, so no overlay PC decodes a bomb. Each refusal names the field and the limit.
import { imageSize } from 'image-size'
import { SPONSOR_IMAGE_TYPES, SPONSOR_LIMITS, type SponsorImageType } from '../../../shared/broadcast/sponsors'
import { imageTypeOf } from '../api/image-download'
import { AppError } from '../app-error'

export interface SponsorImage {
  type: SponsorImageType
  bytes: Buffer
  width: number
  height: number
}

const refuse = (message: string) => new AppError('validation', message, { image: message })

/** The image checked, or a refusal in words. */
export function sponsorImage(base64: string): SponsorImage {
  const { imageBytes, imagePixels } = SPONSOR_LIMITS
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.length === 0) throw refuse('image: choose a PNG, JPEG or WebP file')
  if (bytes.length > imageBytes) throw refuse(`image: at most ${imageBytes / 1024 / 1024} MB`)
  const type = imageTypeOf(bytes)
  if (!type || !(SPONSOR_IMAGE_TYPES as readonly string[]).includes(type))
    throw refuse('image: a PNG, JPEG or WebP file (this one is not)')
  let size: { width?: number; height?: number }
  try {
    size = imageSize(bytes)
  } catch {
    throw refuse('image: its size cannot be read (a damaged file?)')
  }
  const { width = 0, height = 0 } = size
  if (width < 1 || height < 1) throw refuse('image: its size cannot be read (a damaged file?)')
  if (width > imagePixels || height > imagePixels)
    throw refuse(`image: at most ${imagePixels} × ${imagePixels} pixels (this one is ${width} × ${height})`)
  return { type: type as SponsorImageType, bytes, width, height }
}
