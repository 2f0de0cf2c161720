// Makes a line of broadcast text fit its box: the largest font size from `max` down to a floor size at which it fits,
// and past the floor the element's CSS ellipsis ends it. Re-fitted whenever its text changes (a Svelte action).
// Every fit asked for in one task is done together, in a few layouts for all of them (sizes written for all, widths
// read for all): a desk of 128 streams fits hundreds of names without a layout per name and pixel.

export interface FitOptions {
  /** The size the text is drawn at when it fits (px). */
  max: number
  /** The smallest size it may shrink to (px), readable on a stream. */
  min: number
  /** The text shown: a change fits it again. */
  text: string
  /**
   * Fit once the text comes within a screen of the viewport (the desk's many columns), not at once. Overlays never
   * ask for this: what is on air is fitted before its first frame.
   */
  lazy?: boolean
}

interface Fitting {
  node: HTMLElement
  max: number
  min: number
  /** The size being tried. */
  size: number
  /** The largest size known to fit (min − 1 while none is known). */
  fits: number
  /** The smallest size known to overflow (max + 1 while none is known). */
  overflows: number
}

type Bounds = Pick<FitOptions, 'max' | 'min'>

const waiting = new Map<HTMLElement, Bounds>()
let flushing = false

/**
 * The text's own width in the node's layout pixels, to a fraction: `scrollWidth` rounds, and a text a fraction of a
 * pixel too wide said it fitted while its ellipsis showed. (A page without layout has no range boxes: scrollWidth.)
 */
function textWidth(node: HTMLElement): number {
  const range = document.createRange()
  range.selectNodeContents(node)
  if (typeof range.getBoundingClientRect !== 'function') return node.scrollWidth
  // Measured as drawn: an overlay scaled for a 4K canvas draws every box larger, so both widths are read as drawn.
  const drawn = node.getBoundingClientRect().width
  const scale = node.offsetWidth > 0 && drawn > 0 ? drawn / node.offsetWidth : 1
  return range.getBoundingClientRect().width / scale
}

const overflowing = (node: HTMLElement) => textWidth(node) > node.clientWidth

/** Fits every waiting node: each round writes all trial sizes, then reads all widths in one layout. */
function flush(): void {
  flushing = false
  const batch: Fitting[] = [...waiting].map(([node, { max, min }]) => ({
    node,
    max,
    min,
    size: max,
    fits: min - 1,
    overflows: max + 1,
  }))
  waiting.clear()
  for (const f of batch) f.node.style.fontSize = `${f.max}px`
  // At the largest size: what fits is done; what overflows starts from the size its width says (text widths scale
  // with the font size), then steps a pixel at a time to the largest size that fits.
  let open = batch.filter((f) => {
    const [width, clientWidth] = [textWidth(f.node), f.node.clientWidth]
    if (width <= clientWidth) {
      f.fits = f.max
      return false
    }
    f.overflows = f.max
    f.size = Math.max(f.min, Math.min(f.max - 1, Math.floor((f.max * clientWidth) / width)))
    return true
  })
  while (open.length > 0) {
    for (const f of open) f.node.style.fontSize = `${f.size}px`
    const next: Fitting[] = []
    for (const f of open) {
      if (overflowing(f.node)) f.overflows = f.size
      else f.fits = f.size
      if (f.overflows - f.fits <= 1) continue
      if (f.size === f.fits) f.size += 1
      else if (f.size > f.min) f.size -= 1
      else continue
      next.push(f)
    }
    open = next
  }
  for (const f of batch) {
    const size = Math.max(f.min, Math.min(f.max, f.fits))
    if (f.node.style.fontSize !== `${size}px`) f.node.style.fontSize = `${size}px`
  }
  // Fonts arriving late change widths: fit once more when they are ready.
  if (document.fonts?.status === 'loading') {
    const fitted = batch.map(({ node, max, min }) => [node, { max, min }] as const)
    void document.fonts.ready.then(() => {
      for (const [node, options] of fitted) if (node.isConnected) schedule(node, options)
    })
  }
}

function schedule(node: HTMLElement, options: Bounds): void {
  waiting.set(node, options)
  if (flushing) return
  flushing = true
  queueMicrotask(flush)
}

/** Lazy texts near the screen now, and those waiting to come near with what they were last asked. */
const near = new WeakSet<Element>()
const deferred = new Map<Element, Bounds>()
let watcher: IntersectionObserver | undefined

function nearScreen(): IntersectionObserver {
  watcher ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) {
          near.delete(entry.target)
          continue
        }
        near.add(entry.target)
        const options = deferred.get(entry.target)
        deferred.delete(entry.target)
        if (options) schedule(entry.target as HTMLElement, options)
      }
    },
    { rootMargin: '100% 0px' },
  )
  return watcher
}

export function fitText(node: HTMLElement, options: FitOptions) {
  const lazy = options.lazy === true && typeof IntersectionObserver !== 'undefined'
  const ask = (next: FitOptions) => {
    if (!lazy || near.has(node)) schedule(node, next)
    else deferred.set(node, next)
  }
  if (lazy) nearScreen().observe(node)
  ask(options)
  return {
    update: ask,
    destroy() {
      waiting.delete(node)
      deferred.delete(node)
      if (lazy) nearScreen().unobserve(node)
    },
  }
}
