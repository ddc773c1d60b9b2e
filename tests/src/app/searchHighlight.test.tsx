/**
 * The global 'Buscar' highlight (spec 2.1) on the pages where it was missing: a claim's general data, its
 * documents, and the profile. Every text of the page that matches what was typed is marked, ignoring case and
 * accents ('medicos' marks 'médicos'). Texts inside controls (buttons, fields) and screen-reader-only texts are left out.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { closeAfterEach } from '../helpers/cleanup'
import { ok } from '../helpers/fakeApi'
import { USERS, renderPortal } from '../helpers/renderPortal'
import { installClaimApi, PAGE } from '../features/claimProcess/fixtures'
import { EXECUTIVE_RECORD } from '../features/profile/fixtures'

const opened = closeAfterEach()

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** Texts in the page body that contain `query` (case and accents aside) but are not inside a <mark>. */
function unmarkedMatches(query: string): string[] {
  const main = document.getElementById('contenido')!
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
  const missed: string[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement!
    // Only what is seen: controls' own texts and screen-reader-only labels (Panda's srOnly) are left out.
    if (parent.closest('mark, button, input, select, textarea, svg, [aria-hidden=true], [role=status], .sr_true')) continue
    // Split around marks: the rest of a partly marked text must not match either.
    if (fold(node.textContent ?? '').includes(fold(query))) missed.push(node.textContent!.trim())
  }
  return missed
}

const marks = () => [...document.getElementById('contenido')!.querySelectorAll('mark')].map((mark) => mark.textContent)

async function search(text: string) {
  const user = userEvent.setup()
  const box = screen.getByRole('searchbox', { name: 'Buscar' })
  await user.clear(box)
  await user.type(box, text)
}

function openClaim(path: string, claim: Record<string, unknown> = {}) {
  opened.api = installClaimApi({ claim })
  const view = renderPortal(path, { signedInAs: USERS.executive })
  opened.dispose = view.dispose
  return view
}

describe("'Buscar' marks every match, ignoring case and accents", () => {
  it("on the claim's general data: 'medicos' marks 'médicos', stage names and section links", async () => {
    openClaim(PAGE.general('executive'), { descripcion: 'Gastos médicos mayores' })
    await screen.findByText('Gastos médicos mayores')
    await screen.findByText('Carga de documentos')
    await search('medicos')
    expect(marks()).toContain('médicos')
    expect(unmarkedMatches('medicos')).toEqual([])

    await search('DOCUMENTOS')
    expect(marks().filter((text) => text === 'documentos').length).toBeGreaterThanOrEqual(3)
    expect(unmarkedMatches('documentos')).toEqual([])

    await search('tramite')
    expect(marks()).toContain('Trámite')
    expect(unmarkedMatches('tramite')).toEqual([])
  })

  it("on the claim's documents", async () => {
    openClaim(PAGE.documents('executive'))
    await screen.findByRole('heading', { name: 'Formato de solicitud' })
    await search('FORMATO')
    expect(marks()).toContain('Formato')
    expect(unmarkedMatches('formato')).toEqual([])
    await search('solicitud_')
    expect(marks()).toContain('solicitud_')
    await search('cargado')
    expect(unmarkedMatches('cargado')).toEqual([])
    await search('validacion')
    expect(unmarkedMatches('validacion')).toEqual([])
  })

  it('on the profile', async () => {
    opened.api = installClaimApi({ routes: { [`GET /api/user/${USERS.executive.idUser}`]: () => ok([EXECUTIVE_RECORD]) } })
    opened.dispose = renderPortal('/perfil/mi-perfil', { signedInAs: USERS.executive }).dispose
    await screen.findByRole('heading', { level: 1 })
    await search('perfil')
    await waitFor(() => expect(marks().length).toBeGreaterThanOrEqual(1))
    expect(unmarkedMatches('perfil')).toEqual([])
    await search('ejecutivo')
    expect(unmarkedMatches('ejecutivo')).toEqual([])
  })
})
