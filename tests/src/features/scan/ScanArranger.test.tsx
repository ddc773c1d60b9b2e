/**
 * The scan arranger's gating (issue 22), with a session whose actors need no canvas (jsdom has none; the e2e scales
 * real photos): the photos become numbered pages; 'Cargar documento' is disabled with its reason while there is no
 * page; moving and removing change the order the PDF is built in; rotating turns the thumbnail; 'Vista previa'
 * opens the PDF in the viewer (its loading line: DocumentViewer.test.tsx); 'Cargar documento' hands the PDF over.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import type { BuildPdfInput, BuiltPdf, PreparedPage, PreparePhotosInput } from '../../../../machines/scanDocument.machine'
import ScanArranger from '../../../../src/features/scan/ScanArranger'
import type { ScanSession } from '../../../../src/features/scan/scanSession'
import { PdfOpenerProvider } from '../../../../src/features/documents/pdfOpener'
import { fakePdfEngine } from '../documents/fakePdf'

const photo = (name: string) => new File([`foto ${name}`], name, { type: 'image/jpeg' })

function fakeSession() {
  const built: BuildPdfInput[] = []
  let pdf: File | null = null
  let releasePdf: (() => void) | null = null
  const session: ScanSession = {
    actors: {
      preparePhotos: fromPromise<PreparedPage[], PreparePhotosInput>(async ({ input }) =>
        input.photos.map((p) => ({ source: p.name, thumbnailUrl: `data:image/jpeg;base64,${btoa(p.name)}`, width: 1275, height: 1700, size: 200_000 })),
      ),
      buildPdf: fromPromise<BuiltPdf, BuildPdfInput>(async ({ input }) => {
        built.push(input)
        await new Promise<void>((resolve) => (releasePdf = resolve))
        pdf = new File([`%PDF-1.7 ${input.pages.map((p) => p.source).join(' ')}`], input.fileName, { type: 'application/pdf' })
        return { key: 'pdf', fileName: input.fileName, pageCount: input.pages.length, size: pdf.size }
      }),
    },
    pdfFile: () => pdf,
    discard: vi.fn(),
    close: vi.fn(),
  }
  return { session, built, finishPdf: () => waitFor(() => expect(releasePdf).not.toBeNull()).then(() => releasePdf!()) }
}

function show(photos = [photo('frente.jpg'), photo('reverso.jpg')]) {
  const fake = fakeSession()
  const onDocument = vi.fn()
  const onClose = vi.fn()
  const engine = fakePdfEngine({ pages: ['Frente', 'Reverso'] })
  render(
    <PdfOpenerProvider opener={engine.opener}>
      <ScanArranger photos={photos} documentLabel="Identificación oficial" onDocument={onDocument} onClose={onClose} createSession={() => fake.session} />
    </PdfOpenerProvider>,
  )
  return { ...fake, onDocument, onClose }
}

const dialog = () => screen.getByRole('dialog', { name: 'Fotos del documento: Identificación oficial' })
const pageAlts = () => within(dialog()).getAllByRole('img').map((img) => img.getAttribute('alt'))
const pageSources = () => within(dialog()).getAllByRole('img').map((img) => atob(img.getAttribute('src')!.split(',')[1]!))
const button = (name: string) => within(dialog()).getByRole('button', { name })

describe('the scan arranger', () => {
  it('shows each photo as a numbered page, in the order picked, with no accessibility violation', async () => {
    show()
    expect(await within(dialog()).findByText('2 páginas')).toBeInTheDocument()
    expect(pageAlts()).toEqual(['Página 1 de 2', 'Página 2 de 2'])
    expect(pageSources()).toEqual(['frente.jpg', 'reverso.jpg'])
    expect(button('Mover antes: página 1')).toBeDisabled()
    expect(button('Mover después: página 2')).toBeDisabled()
    expect(button('Cargar documento')).toBeEnabled()
    const results = await axe.run(dialog(), { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations).toEqual([])
  })

  it("keeps 'Cargar documento' disabled, with its reason, until there is at least one page", async () => {
    const user = userEvent.setup()
    const { session } = show()
    await within(dialog()).findByText('2 páginas')
    await user.click(button('Quitar: página 2'))
    await user.click(button('Quitar: página 1'))
    expect(await within(dialog()).findByText('Aún no hay páginas. Toma una foto de cada hoja o elígelas de tu galería.')).toBeInTheDocument()
    expect(button('Cargar documento')).toBeDisabled()
    expect(button('Cargar documento')).toHaveAccessibleDescription('Agrega al menos una página.')
    expect(button('Vista previa')).toBeDisabled()
    expect(session.discard).toHaveBeenCalledWith('reverso.jpg')
    expect(session.discard).toHaveBeenCalledWith('frente.jpg')
  })

  it('builds the PDF in the order the pages were moved to, without a removed page, and hands it over', async () => {
    const user = userEvent.setup()
    const { built, finishPdf, onDocument } = show([photo('a.jpg'), photo('b.jpg'), photo('c.jpg')])
    await within(dialog()).findByText('3 páginas')
    await user.click(button('Mover después: página 1'))
    expect(pageSources()).toEqual(['b.jpg', 'a.jpg', 'c.jpg'])
    // The moved page keeps the focus (keyboard users go on moving it).
    await waitFor(() => expect(document.activeElement).toBe(button('Mover después: página 2')))
    await user.keyboard('{Enter}')
    expect(pageSources()).toEqual(['b.jpg', 'c.jpg', 'a.jpg'])
    await user.click(button('Quitar: página 2'))
    expect(pageSources()).toEqual(['b.jpg', 'a.jpg'])
    await user.click(button('Girar: página 2'))
    expect(within(dialog()).getByRole('img', { name: 'Página 2 de 2' }).style.transform).toMatch(/^rotate\(90deg\)/)
    await user.click(button('Cargar documento'))
    await finishPdf()
    await waitFor(() => expect(onDocument).toHaveBeenCalledTimes(1))
    expect(built[0]).toEqual({
      fileName: 'Identificación oficial.pdf',
      pages: [
        { source: 'b.jpg', rotation: 0 },
        { source: 'a.jpg', rotation: 90 },
      ],
    })
    const file = onDocument.mock.calls[0]![0] as File
    expect(file.type).toBe('application/pdf')
    expect(file.name).toBe('Identificación oficial.pdf')
  })

  it('previews the PDF in the viewer, hands nothing over, and comes back to the pages', async () => {
    const user = userEvent.setup()
    const { finishPdf, onDocument } = show()
    await within(dialog()).findByText('2 páginas')
    await user.click(button('Vista previa'))
    await finishPdf()
    const viewer = await within(dialog()).findByRole('region', { name: 'Visor de documento: Identificación oficial' })
    expect(await within(viewer).findByText('Frente')).toBeInTheDocument()
    expect(within(viewer).getByText('de 2')).toBeInTheDocument()
    expect(onDocument).not.toHaveBeenCalled()
    await user.click(button('Volver a las páginas'))
    expect(await within(dialog()).findByText('2 páginas')).toBeInTheDocument()
  })

  it("sends nothing on 'Cancelar'", async () => {
    const user = userEvent.setup()
    const { onClose, onDocument, built } = show()
    await within(dialog()).findByText('2 páginas')
    await user.click(button('Cancelar'))
    expect(onClose).toHaveBeenCalled()
    expect(onDocument).not.toHaveBeenCalled()
    expect(built).toEqual([])
  })
})
