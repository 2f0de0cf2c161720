// How an overlay looks, from its URL's query: ?theme=dark|light&accent=ff4655&scale=1.2, with safe defaults.
export interface OverlayLook {
  theme: 'dark' | 'light'
  /** A CSS colour: `#` and 3 or 6 hex digits. */
  accent: string
  scale: number
}

export const DEFAULT_LOOK: OverlayLook = { theme: 'dark', accent: '#5eb1ff', scale: 1 }

/** Reads the look from a query string; anything unreadable keeps its default (a bad URL never breaks a show). */
export function lookFrom(query: URLSearchParams): OverlayLook {
  const theme = query.get('theme') === 'light' ? 'light' : 'dark'
  const accent = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(query.get('accent') ?? '')?.[1]
  const scale = Number(query.get('scale'))
  return {
    theme,
    accent: accent ? `#${accent}` : DEFAULT_LOOK.accent,
    scale: Number.isFinite(scale) && scale >= 0.25 && scale <= 4 ? scale : DEFAULT_LOOK.scale,
  }
}

/** The CSS variables the broadcast components draw with. */
export function overlayStyle(look: OverlayLook): string {
  const surfaces =
    look.theme === 'light'
      ? { surface: 'rgba(250, 251, 253, 0.96)', surface2: 'rgba(226, 231, 238, 0.98)', text: '#121722' }
      : { surface: 'rgba(14, 16, 21, 0.95)', surface2: 'rgba(34, 38, 47, 0.98)', text: '#f3f5f8' }
  return [
    `--overlay-surface: ${surfaces.surface}`,
    `--overlay-surface-2: ${surfaces.surface2}`,
    `--overlay-text: ${surfaces.text}`,
    `--overlay-accent: ${look.accent}`,
  ].join('; ')
}
