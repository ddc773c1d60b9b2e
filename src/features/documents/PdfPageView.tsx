/**
 * Draws one page of an open PDF at the machine's zoom and rotation: a canvas plus the text layer over it. Each
 * drawing goes to a fresh canvas that replaces the shown one when it is complete (no blank flash, and pdf.js never
 * draws twice on one canvas). In fit-to-width mode it measures the space and reports the zoom that fits
 * (`onFitted`), then draws at that zoom. A page pdf.js cannot draw reports `onFailed`.
 */
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { clampZoom, type Rotation } from '../../../machines/documentViewer.machine'
import type { PdfDocumentHandle, PdfPageSize } from './pdfTypes'

export interface PdfPageViewProps {
  handle: PdfDocumentHandle
  page: number
  zoom: number
  fitWidth: boolean
  rotation: Rotation
  /** The width the page may take (the scroll area's inner width), null while unknown. */
  availableWidth: number | null
  onFitted: (zoom: number) => void
  onFailed: () => void
}

const sheet = css({
  position: 'relative',
  display: 'inline-block',
  verticalAlign: 'top',
  bg: 'white',
  boxShadow: 'md',
  lineHeight: 0,
  '& canvas': { display: 'block' },
})

export function PdfPageView({ handle, page, zoom, fitWidth, rotation, availableWidth, onFitted, onFailed }: PdfPageViewProps) {
  const holder = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState<{ page: number; size: PdfPageSize } | null>(null)

  // The page's own size, to know which zoom fits the width.
  useEffect(() => {
    let live = true
    handle.pageSize(page).then(
      (pageSize) => live && setSize({ page, size: pageSize }),
      () => live && onFailed(),
    )
    return () => {
      live = false
    }
  }, [handle, page, onFailed])

  const pageSize = size?.page === page ? size.size : null
  const sideways = rotation % 180 !== 0
  const fitted =
    fitWidth && pageSize && availableWidth
      ? clampZoom(Math.floor((availableWidth / (sideways ? pageSize.height : pageSize.width)) * 100))
      : null
  // Fitting the width with a measured space: until the page's size is known and the machine holds the zoom that
  // fits, a drawing would only be thrown away. (Without a measure — jsdom — it draws at the machine's zoom.)
  const waiting = fitWidth && availableWidth !== null && (pageSize === null || fitted !== zoom)

  useEffect(() => {
    if (fitted !== null && fitted !== zoom) onFitted(fitted)
  }, [fitted, zoom, onFitted])

  useEffect(() => {
    const target = holder.current
    if (!target || waiting) return
    const canvas = document.createElement('canvas')
    canvas.setAttribute('aria-hidden', 'true')
    const textLayer = document.createElement('div')
    textLayer.className = 'textLayer'
    const task = handle.renderPage({ pageNumber: page, scale: zoom / 100, rotation, canvas, textLayer })
    let live = true
    task.promise.then(
      () => {
        if (live) target.replaceChildren(canvas, textLayer)
      },
      (error: unknown) => {
        // A cancelled drawing is a newer one taking its place, not a damaged page.
        const name = error instanceof Error ? error.name : ''
        if (live && name !== 'RenderingCancelledException' && name !== 'AbortException') onFailed()
      },
    )
    return () => {
      live = false
      task.cancel()
    }
  }, [handle, page, zoom, rotation, waiting, onFailed])

  return <div ref={holder} className={sheet} data-page={page} />
}
