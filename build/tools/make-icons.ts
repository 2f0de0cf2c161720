// Draws every installer icon from the one source image (renderer/public/icon.svg) into build/.
import { Resvg } from '@resvg/resvg-js'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { encodeIcns, encodeIco, type SizedPng } from './icon-formats'

export const ICON_SOURCE = resolve(import.meta.dirname, '../../renderer/public/icon.svg')
export const ICONS_DIR = resolve(import.meta.dirname, '..')

/** Linux wants one PNG per size in build/icons; the .ico takes the small ones, the .icns the rest. */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const

export function renderPng(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render().asPng()
}

/** Every file the icons consist of, by its path relative to build/. */
export function drawIcons(svg: string): Map<string, Buffer> {
  const images: SizedPng[] = LINUX_SIZES.map((size) => ({ size, png: renderPng(svg, size) }))
  const files = new Map<string, Buffer>()
  for (const { size, png } of images) files.set(`icons/${size}x${size}.png`, png)
  files.set('icon.png', images.find((image) => image.size === 1024)!.png)
  files.set('icon.ico', encodeIco(images.filter((image) => (ICO_SIZES as readonly number[]).includes(image.size))))
  files.set('icon.icns', encodeIcns(images))
  return files
}

export async function writeIcons(outDir = ICONS_DIR): Promise<string[]> {
  const files = drawIcons(await readFile(ICON_SOURCE, 'utf8'))
  await mkdir(join(outDir, 'icons'), { recursive: true })
  await Promise.all([...files].map(([name, bytes]) => writeFile(join(outDir, name), bytes)))
  return [...files.keys()]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const written = await writeIcons()
  console.log(`wrote ${written.length} icon files into build/: ${written.join(', ')}`)
}
