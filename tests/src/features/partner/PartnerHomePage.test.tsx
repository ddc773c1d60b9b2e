/** /{partner} (spec 2.9): the placeholder that points the reviewer to the read-only dashboard of the prefix. */
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PartnerHomePage } from '../../../../src/features/partner/PartnerHomePage'
import { USERS, renderScreen } from '../collaborator/renderScreen'
import { closeViews } from '../../helpers/openViews'

afterEach(() => {
  closeViews()
})

describe('retail partner placeholder', () => {
  it('greets the configured partner and links to its dashboard (default prefix coppel)', async () => {
    const view = renderScreen('/coppel', [{ path: '/coppel', element: <PartnerHomePage /> }], USERS.partner)
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido, Coppel' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver trámites' })).toHaveAttribute('href', '/coppel/dashboard')
  })

  it('follows the prefix and name of the runtime configuration', async () => {
    const view = renderScreen('/socio', [{ path: '/socio', element: <PartnerHomePage /> }], USERS.partner, {
      partnerPrefix: 'socio',
      partnerName: 'Socio Comercial',
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido, Socio Comercial' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver trámites' })).toHaveAttribute('href', '/socio/dashboard')
  })
})
