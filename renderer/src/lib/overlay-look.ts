// How an overlay looks, from its URL's query: ?theme=dark|light&accent=ff4655&scale=1.2, with safe defaults.
import { readableOn } from './contrast'
export interface OverlayLook {
  theme: 'dark' | 'light'
  /** A CSS colour: `#` and 3 or 6 hex digits. */
  accent: string
  scale: number
}

export const DEFAULT_LOOK: OverlayLook = { theme: 'dark', accent: '#5eb1ff', scale: 1 }

/** The options an overlay's address takes, as the desk's overlay panel lists them. */
export const LOOK_OPTIONS = 'theme=dark|light · accent=ff4655 · scale=0.25–4 · quiet=1 (no setup notes)'
const SCALE = { min: 0.25, max: 4 }

/**
 * Reads the look from a query string, and says what it had to change: a scale out of range is clamped to the nearest
 * end, anything unreadable keeps its default (a bad URL never breaks a show, and is never silently ignored).
 */
export function lookFrom(query: URLSearchParams): OverlayLook & { adjusted: string[] } {
  const adjusted: string[] = []
  const givenTheme = query.get('theme')
  if (givenTheme !== null && givenTheme !== 'light' && givenTheme !== 'dark')
    adjusted.push(`theme “${givenTheme}” is not dark or light: dark is used`)
  const givenAccent = query.get('accent')
  const accent = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(givenAccent ?? '')?.[1]
  if (givenAccent !== null && !accent) adjusted.push(`accent “${givenAccent}” is not a hex colour: the default is used`)
  const givenScale = query.get('scale')
  let scale = DEFAULT_LOOK.scale
  if (givenScale !== null) {
    const asked = Number(givenScale)
    if (!Number.isFinite(asked) || givenScale.trim() === '')
      adjusted.push(`scale “${givenScale}” is not a number: 1 is used`)
    else {
      scale = Math.min(SCALE.max, Math.max(SCALE.min, asked))
      if (scale !== asked) adjusted.push(`scale ${asked} is out of ${SCALE.min}–${SCALE.max}: ${scale} is used`)
    }
  }
  return {
    theme: givenTheme === 'light' ? 'light' : 'dark',
    accent: accent ? `#${accent}` : DEFAULT_LOOK.accent,
    scale,
    adjusted,
  }
}

const SURFACES = {
  light: { surface: 'rgba(250, 251, 253, 0.96)', surface2: 'rgba(226, 231, 238, 0.98)', text: '#121722' },
  dark: { surface: 'rgba(14, 16, 21, 0.95)', surface2: 'rgba(34, 38, 47, 0.98)', text: '#f3f5f8' },
}
/** The surfaces as they look over a scene of the other brightness: text on them must read even then. */
const SOLID = { light: ['#fafbfd', '#e2e7ee'], dark: ['#0e1015', '#22262f'] }

/**
 * The CSS variables the broadcast components draw with. The accent colours bars as given; text in the accent uses
 * it moved just far enough to read on both of the theme's surfaces (WCAG 4.5:1).
 */
export function overlayStyle(look: OverlayLook): string {
  const surfaces = SURFACES[look.theme]
  const accentText = SOLID[look.theme].reduce((colour, background) => readableOn(colour, background), look.accent)
  return [
    `--overlay-surface: ${surfaces.surface}`,
    `--overlay-surface-2: ${surfaces.surface2}`,
    `--overlay-text: ${surfaces.text}`,
    `--overlay-accent: ${look.accent}`,
    `--overlay-accent-text: ${accentText}`,
  ].join('; ')
}

/** Where an overlay sits on the canvas. */
export type OverlayPlace = 'top' | 'bottom-left' | 'bottom-right' | 'center'

/** The room each place leaves on the 1920×1080 canvas: its margins on both sides, across and down. */
const ROOM: Record<OverlayPlace, { width: number; height: number }> = {
  top: { width: 1920 - 2 * 40, height: 1080 - 2 * 40 },
  'bottom-left': { width: 1920 - 2 * 60, height: 1080 - 2 * 60 },
  'bottom-right': { width: 1920 - 2 * 60, height: 1080 - 2 * 60 },
  center: { width: 1920 - 2 * 60, height: 1080 - 2 * 60 },
}

/**
 * The scale an overlay is drawn at: the one asked for, unless that would take it past its place's room on the canvas
 * (then the largest that fits). `natural` is its size before scaling (0 while not measured yet).
 */
export function fittedScale(asked: number, place: OverlayPlace, natural: { width: number; height: number }): number {
  const room = ROOM[place]
  const across = natural.width > 0 ? room.width / natural.width : Infinity
  const down = natural.height > 0 ? room.height / natural.height : Infinity
  return Math.min(asked, across, down)
}
