// Reads an image the service points to (a tournament's logo on its image host): no credentials go with it (the
// address is not the service's), at most `maxBytes`, and only a raster image recognised by its first bytes.
import { ofetch } from 'ofetch'
import { AppError } from '../app-error'

export interface DownloadedImage {
  type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'
  bytes: Buffer
}

/** The raster formats a browser source draws, by their signatures; SVG (which can carry script) is not taken. */
export function imageTypeOf(bytes: Uint8Array): DownloadedImage['type'] | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif'
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'image/webp'
  return null
}

export async function downloadImage(
  url: string,
  { maxBytes = 2 * 1024 * 1024, timeoutMs = 10_000 } = {},
): Promise<DownloadedImage> {
  const address = new URL(url)
  if (address.protocol !== 'https:' && address.protocol !== 'http:')
    throw new AppError('validation', `The logo's address ${address.protocol} is not a web address.`)
  const tooLarge = () =>
    new AppError('validation', `The logo at ${address.host} is larger than ${maxBytes / 1024 / 1024} MB.`)
  const response = await ofetch
    .raw(address.href, {
      onResponse: ({ response: answer }) => {
        if (Number(answer.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge()
      },
      responseType: 'arrayBuffer',
      timeout: timeoutMs,
      retry: 0,
      credentials: 'omit',
      ignoreResponseError: true,
    })
    .catch((error: unknown) => {
      if (error instanceof AppError) throw error
      throw new AppError('offline', `The logo at ${address.host} could not be read: no answer.`)
    })
  if (!response.ok) throw new AppError('server', `The logo at ${address.host} answered ${response.status}.`)
  const bytes = Buffer.from(response._data ?? new ArrayBuffer(0))
  if (bytes.length > maxBytes) throw tooLarge()
  const type = imageTypeOf(bytes)
  if (!type) throw new AppError('validation', `The logo at ${address.host} is not a PNG, JPEG, GIF or WebP image.`)
  return { type, bytes }
}
