// WCAG contrast between two colours, and a colour moved toward black or white until it reads on a background: an
// overlay's accent is anyone's choice, its text must still read in both themes.

type Rgb = [number, number, number]

/** `#rgb` or `#rrggbb` as 0–255 channels. */
function rgbOf(hex: string): Rgb {
  const digits = hex.replace('#', '')
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/**
 * `colour` as it is when it reads on `background` (at least `ratio`: 4.5 for text), otherwise mixed toward black on
 * a light background or white on a dark one, in small steps, until it does.
 */
export function readableOn(colour: string, background: string, ratio = 4.5): string {
  const rgb = rgbOf(colour)
  const toward: Rgb = luminance(rgbOf(background)) > 0.18 ? [0, 0, 0] : [255, 255, 255]
  for (let step = 0; step <= 20; step++) {
    const share = step / 20
    const mixed = rgb.map((c, i) => c + (toward[i]! - c) * share) as Rgb
    const hex = hexOf(mixed)
    if (contrastRatio(hex, background) >= ratio) return hex
  }
  return hexOf(toward)
}
