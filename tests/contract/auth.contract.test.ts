/**
 * /api/auth against the contract: every sign-in, the refresh and both sign-ups answer what the app's generated
 * structs accept (a staff user, a provider with its idProveedor, a collaborator with idUser 0), and a refused
 * sign-in is the error envelope.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { authCalls } from '../../domain/contract/auth'
import { TEST_CLIENT_TOKEN, useTestApp } from '../server/helpers/testApp'
import {
  catalogAndSignIn,
  createClaim,
  createProvider,
  createUser,
  executiveSignupBody,
  type LocationCatalog,
  providerSignupBody,
  TEST_PASSWORD,
} from '../server/helpers/fixtures'
import { CallLog, expectRefusal, request, requestAccepted } from './contractCall'

describe('/api/auth answers what the app accepts', () => {
  const t = useTestApp()
  let catalog: LocationCatalog
  let adminHeaders: Record<string, string>
  const log = new CallLog(authCalls)
  const client = { authtoken: TEST_CLIENT_TOKEN }

  beforeAll(async () => {
    ;({ catalog, headers: adminHeaders } = await catalogAndSignIn(t, 1))
  })

  it('login: an executive, an administrator with a photo and a provider', async () => {
    const executive = await createUser(t.db, 0)
    const admin = await createUser(t.db, 1, { fotoKey: 'foto-admin.png' })
    const { user: providerUser, provider } = await createProvider(t.db)
    const signIn = (email: string, role: number, n: number) =>
      requestAccepted(
        t.app,
        authCalls.login,
        { body: { email, password: TEST_PASSWORD, role }, headers: client, remoteAddress: `10.50.0.${n}` },
        log,
      )
    expect((await signIn(executive.email, 0, 1)).user).toMatchObject({ idUser: executive.idUser, rol: '0', userType: 'Ejecutivo' })
    expect((await signIn(admin.email, 1, 2)).user).toMatchObject({ rol: '1', foto: '/api/file/photo/foto-admin.png' })
    expect((await signIn(providerUser.email, 3, 3)).user).toMatchObject({ rol: '3', idProveedor: provider.idProveedor })
  })

  it('login: a wrong password is the error envelope', async () => {
    const executive = await createUser(t.db, 0)
    const refused = await request(t.app, authCalls.login, {
      body: { email: executive.email, password: 'Otra#2026', role: 0 },
      headers: client,
      remoteAddress: '10.50.0.4',
    })
    expectRefusal(refused, 401)
  })

  it('login-colaborator: the collaborator record has idUser 0 and the claim', async () => {
    const owner = await createUser(t.db, 0)
    const { claim } = await createClaim(t.db, { idEjecutivo: owner.idUser })
    const session = await requestAccepted(
      t.app,
      authCalls.collaboratorLogin,
      { body: { idColaborador: claim.idColaborador, numProcedure: claim.idEvento }, headers: client, remoteAddress: '10.50.0.5' },
      log,
    )
    expect(session.user).toMatchObject({ idUser: 0, rol: '2', userType: 'Colaborador', idEvento: claim.idEvento })
  })

  it('refresh-token: a new token in the answer and the header', async () => {
    const refreshed = await requestAccepted(t.app, authCalls.refreshToken, { headers: adminHeaders }, log)
    expect(refreshed.accessToken).not.toBe('')
  })

  it('signup-executive and signup-provider answer the new ids', async () => {
    const executive = await requestAccepted(t.app, authCalls.signupExecutive, { body: executiveSignupBody(), headers: adminHeaders }, log)
    expect(executive.idUser).toBeGreaterThan(0)
    const provider = await requestAccepted(
      t.app,
      authCalls.signupProvider,
      { body: providerSignupBody(catalog), headers: adminHeaders },
      log,
    )
    expect(provider.insertId).toBeGreaterThan(0)
  })

  it('leaves no call of the group untested', () => {
    expect(log.missing()).toEqual([])
  })
})
