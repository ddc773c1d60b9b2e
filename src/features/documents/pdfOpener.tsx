/**
 * Which PDF engine the viewers use. The app's default imports pdf.js only when a viewer first opens a file (its own
 * chunk, see pdfEngine.ts); tests put a fake in the context, since pdf.js cannot draw in jsdom.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { PdfOpener } from './pdfTypes'

const openWithPdfJs: PdfOpener = async (data, signal) => {
  const { openPdf } = await import('./pdfEngine')
  return openPdf(data, signal)
}

const PdfOpenerContext = createContext<PdfOpener>(openWithPdfJs)

export function PdfOpenerProvider({ opener, children }: { opener: PdfOpener; children: ReactNode }) {
  return <PdfOpenerContext.Provider value={opener}>{children}</PdfOpenerContext.Provider>
}

export const usePdfOpener = (): PdfOpener => useContext(PdfOpenerContext)
