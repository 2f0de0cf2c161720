// A Svelte action: calls `shown` once the element comes within a screen of the viewport, so a desk of 128 stream
// columns draws each column's heavier parts (preview, OBS, casters) only when the producer scrolls to it.
export function whenVisible(node: HTMLElement, shown: () => void): { destroy(): void } {
  if (typeof IntersectionObserver === 'undefined') {
    shown()
    return { destroy: () => undefined }
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      shown()
    },
    { rootMargin: '100% 0px' },
  )
  observer.observe(node)
  return { destroy: () => observer.disconnect() }
}
