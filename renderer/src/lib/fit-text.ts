// Makes a line of broadcast text fit its box: the font shrinks a pixel at a time down to a floor size, and past the
// floor the element's CSS ellipsis ends it. Re-fitted whenever its text changes (a Svelte action).

export interface FitOptions {
  /** The size the text is drawn at when it fits (px). */
  max: number
  /** The smallest size it may shrink to (px), readable on a stream. */
  min: number
  /** The text shown: a change fits it again. */
  text: string
}

export function fitText(node: HTMLElement, options: FitOptions) {
  const fit = ({ max, min }: FitOptions) => {
    let size = max
    node.style.fontSize = `${size}px`
    while (size > min && node.scrollWidth > node.clientWidth + 0.5) {
      size -= 1
      node.style.fontSize = `${size}px`
    }
  }
  fit(options)
  // Fonts arriving late change widths: fit once more when they are ready.
  void document.fonts?.ready.then(() => fit(options))
  return {
    update(next: FitOptions) {
      options = next
      fit(next)
    },
  }
}
