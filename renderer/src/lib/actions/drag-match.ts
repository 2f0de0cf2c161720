// Dragging a match by its id, one way for the desk and the floor: from a stream's queue to another place in it, or from
// the floor's Up next onto a free station. The element dragged is marked `data-dragging`, a place a match may be
// dropped on `data-drop-target` while one is over it.

/** The match being dragged, for a drop whose browser carries no data (the same page). */
let dragged: string | null = null

/** use:dragMatch={id}: the element can be dragged, carrying the match's id. */
export function dragMatch(node: HTMLElement, id: string) {
  let current = id
  node.draggable = true
  const start = (event: DragEvent) => {
    dragged = current
    event.dataTransfer?.setData('text/plain', current)
    node.dataset['dragging'] = ''
  }
  const end = () => {
    dragged = null
    delete node.dataset['dragging']
  }
  node.addEventListener('dragstart', start)
  node.addEventListener('dragend', end)
  return {
    update: (next: string) => void (current = next),
    destroy: () => {
      node.removeEventListener('dragstart', start)
      node.removeEventListener('dragend', end)
    },
  }
}

export interface DropMatch {
  /** Whether a match may be dropped here now (a free station; any place in a queue). */
  accepts?: () => boolean
  dropped: (matchId: string) => void
}

/** use:dropMatch={{ accepts, dropped }}: a place a dragged match can be dropped on. */
export function dropMatch(node: HTMLElement, options: DropMatch) {
  let current = options
  const over = (event: DragEvent) => {
    if (current.accepts && !current.accepts()) return
    event.preventDefault()
    node.dataset['dropTarget'] = ''
  }
  const leave = () => delete node.dataset['dropTarget']
  const drop = (event: DragEvent) => {
    event.preventDefault()
    leave()
    const matchId = event.dataTransfer?.getData('text/plain') || dragged
    dragged = null
    if (matchId) current.dropped(matchId)
  }
  node.addEventListener('dragover', over)
  node.addEventListener('dragleave', leave)
  node.addEventListener('drop', drop)
  return {
    update: (next: DropMatch) => void (current = next),
    destroy: () => {
      node.removeEventListener('dragover', over)
      node.removeEventListener('dragleave', leave)
      node.removeEventListener('drop', drop)
    },
  }
}
