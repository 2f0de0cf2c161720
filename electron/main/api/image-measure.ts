// An image's pixels as a decoder will find them, read from its header alone (a JPEG's frame as a decoder walks to it:
// `jpeg-frame.ts`; PNG, GIF and WebP by `image-size`), and the most a side may have wherever Matchdesk shows an image
// that came from outside (a tournament's logo, a sponsor's): no overlay PC decodes a bomb.
import { imageSize } from 'image-size'
import { jpegFrame } from './jpeg-frame'

/** The most pixels a side of an image from outside may have. */
export const IMAGE_SIDE_MOST = 4096

/** The image's size, or why it cannot be trusted (in words that follow "image: " or "The logo …"). */
export function imagePixels(bytes: Uint8Array, type: string): { width: number; height: number } | { refused: string } {
  if (type === 'image/jpeg') return jpegFrame(bytes)
  let size: { width?: number; height?: number }
  try {
    size = imageSize(bytes)
  } catch {
    return { refused: 'its size cannot be read (a damaged file?)' }
  }
  const { width = 0, height = 0 } = size
  return width < 1 || height < 1 ? { refused: 'its size cannot be read (a damaged file?)' } : { width, height }
}

/** Why an image is too large to show (undefined: it is not). */
export function tooLarge({ width, height }: { width: number; height: number }): string | undefined {
  return width > IMAGE_SIDE_MOST || height > IMAGE_SIDE_MOST
    ? `at most ${IMAGE_SIDE_MOST} × ${IMAGE_SIDE_MOST} pixels (this one is ${width} × ${height})`
    : undefined
}
