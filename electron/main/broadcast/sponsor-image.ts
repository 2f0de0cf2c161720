// A sponsor's image as a producer drops it in: base64 decoded and counted, a PNG, JPEG or WebP known by its first
// bytes (never by its name: SVG, which can carry script, and GIF are not taken), and its pixels read from its header
// as a decoder reads them (`api/image-measure.ts`) and bounded, so no overlay PC decodes a bomb. Each refusal
// names the field and the limit.
import { SPONSOR_IMAGE_TYPES, SPONSOR_LIMITS, type SponsorImageType } from '../../../shared/broadcast/sponsors'
import { imageTypeOf } from '../api/image-download'
import { AppError } from '../app-error'
import { imagePixels, tooLarge } from '../api/image-measure'

export interface SponsorImage {
  type: SponsorImageType
  bytes: Buffer
  width: number
  height: number
}

const refuse = (message: string) => new AppError('validation', message, { image: message })

/** The image checked, or a refusal in words. */
export function sponsorImage(base64: string): SponsorImage {
  const { imageBytes } = SPONSOR_LIMITS
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.length === 0) throw refuse('image: choose a PNG, JPEG or WebP file')
  if (bytes.length > imageBytes) throw refuse(`image: at most ${imageBytes / 1024 / 1024} MB`)
  const type = imageTypeOf(bytes)
  if (!type || !(SPONSOR_IMAGE_TYPES as readonly string[]).includes(type))
    throw refuse('image: a PNG, JPEG or WebP file (this one is not)')
  const size = imagePixels(bytes, type)
  if ('refused' in size) throw refuse(`image: ${size.refused}`)
  const large = tooLarge(size)
  if (large) throw refuse(`image: ${large}`)
  const { width, height } = size
  return { type: type as SponsorImageType, bytes, width, height }
}
