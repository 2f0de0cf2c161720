// Draws a Stream Deck page (5 × 3 keys) of one stream's presets as Companion would show them now: each key's text with
// the module's variables filled in, at its text size, its colours, and its feedback's style while the feedback holds.
// For looking at the module's buttons without Companion: a drawing of the module's values, not Companion's own
// rendering (its fonts differ; a word too long for its size is drawn broken here too, as Companion would break it).
import { KEY_CHARACTERS } from '../../companion-module/src/presets'
import type { HostHarness } from './host-harness'

interface PresetButton {
  name: string
  style: { text: string; color: number; bgcolor: number; size: number | 'auto' }
  feedbacks: { feedbackId: string; options: Record<string, unknown>; style: { color?: number; bgcolor?: number } }[]
}

const hex = (colour: number) => `#${colour.toString(16).padStart(6, '0')}`
const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * The size Companion's 'auto' would give a text, as near as this drawing can tell: the largest at which every line,
 * wrapped at its words, fits a 72-pixel key (`KEY_CHARACTERS` a line).
 */
function autoSize(text: string): number {
  const sizes = Object.keys(KEY_CHARACTERS)
    .map(Number)
    .sort((a, b) => b - a)
  for (const size of sizes) {
    const perLine = KEY_CHARACTERS[size as keyof typeof KEY_CHARACTERS]
    const words = text.split(/\s+/)
    const lines = text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / perLine)), 0)
    if (words.every((word) => word.length <= perLine) && lines * size * 1.15 <= 68) return size
  }
  return Math.min(...sizes)
}

/** The key's text with `$(label:variable)` replaced by the variable's value, and `\n` as a new line. */
export function keyText(host: HostHarness, text: string): string {
  return text
    .replace(/\$\(([^:)]+):([^)]+)\)/g, (_all, _label: string, id: string) => String(host.values[id] ?? ''))
    .replace(/\\n/g, '\n')
}

export async function buttonPageHtml(host: HostHarness, streamKey: string): Promise<string> {
  const keys: string[] = []
  for (const [id, preset] of Object.entries(host.presets)) {
    if (!id.startsWith(`${streamKey}_`)) continue
    const button = preset as unknown as PresetButton
    let { color, bgcolor } = button.style
    for (const feedback of button.feedbacks)
      if (await host.feedback(feedback.feedbackId, feedback.options)) {
        color = feedback.style.color ?? color
        bgcolor = feedback.style.bgcolor ?? bgcolor
      }
    // Companion's sizes are for a 72-pixel key: this page's keys are 96, in a wider font (DejaVu Sans Bold).
    const text = keyText(host, button.style.text)
    const size = (typeof button.style.size === 'number' ? button.style.size : autoSize(text)) * 1.1
    keys.push(
      `<div class="key" data-preset="${escape(id)}" style="color:${hex(color)};background:${hex(bgcolor)};font-size:${size}px">${escape(text)}</div>`,
    )
  }
  while (keys.length < 15) keys.push('<div class="key"></div>')
  return `<!doctype html><meta charset="utf-8"><style>
    body { margin: 0; background: #1b1b1b; font-family: "Noto Sans", "DejaVu Sans", sans-serif; }
    .deck { display: grid; grid-template-columns: repeat(5, 96px); gap: 14px; padding: 24px; width: max-content;
      background: #0d0d0d; border-radius: 18px; margin: 20px; }
    .key { width: 96px; height: 96px; border-radius: 8px; background: #000; color: #fff; font-size: 12px;
      font-weight: 600; display: flex; align-items: center; justify-content: center; text-align: center;
      white-space: pre-line; overflow: hidden; line-height: 1.15; padding: 4px; box-sizing: border-box;
      overflow-wrap: anywhere; }
  </style><div class="deck">${keys.slice(0, 15).join('')}</div>`
}
