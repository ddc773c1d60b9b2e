/**
 * Registry of every workflow machine, for the tools that read machines without running the app: `npm run diagrams`
 * (docs/machines/<id>.md), `npm run paths -- <id>` (QA's test paths), the coverage check run by `npm test`, and the
 * /flujos screen. Adding a machine is one line in `machineCatalog`: `{ id, description, machine }`, with `id` equal
 * to the machine's own `id`.
 *
 * `events` (optional): sample events for traversal, for event types that carry data (`credentials.change`) and for
 * invoke results whose `output` the machine reads (`xstate.done.actor.<id>`). A type with samples is only tried
 * with those samples; types without samples are tried as `{ type }`. Keep samples few: each distinct context they
 * produce is a new state for the path generator. `input` (optional): the input machines with `context: ({ input })`
 * need to start. `contextKey` (optional): the part of the context that matters for paths, for machines whose context
 * never repeats (timestamps, touched-field order).
 *
 * Machines here must load unchanged in the Stately visualizer: no React, fetch or DOM in machine files, no closures
 * over app state; implementations are injected with `.provide()` (see docs/machines/README.md).
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import { claimLifecycleMachine } from './claimLifecycle.machine'
import { collaboratorLoginMachine } from './collaboratorLogin.machine'
import { loginMachine } from './login.machine'
import { newClaimMachine } from './newClaim.machine'
import { procedureSearchMachine } from './procedureSearch.machine'
import { sessionMachine } from './session.machine'

export interface MachineCatalogEntry {
  /** The machine's `id`; names docs/machines/<id>.md. */
  id: string
  /** One line, in Spanish, for analysts. */
  description: string
  machine: AnyStateMachine
  events?: readonly AnyEventObject[]
  input?: unknown
  /** What of the context tells states apart for traversal (default: all of it); see traversal.ts. */
  contextKey?: (context: any) => unknown
}

const user = {
  idUser: 1,
  nombre: 'Ana',
  nombre2: null,
  apePat: 'López',
  apeMAt: 'Pérez',
  email: 'ana@coppel.com',
  foto: null,
  userType: 'Ejecutivo',
  rol: '0',
  idColaborador: null,
  idEvento: null,
  idProveedor: null,
}
const session = { user, accessToken: 'token' }
const procedureRow = {
  idColaborador: 70123,
  idCobertura: 1,
  descripcion: 'Gastos médicos',
  monto: 10000,
  montoAutorizado: null,
  idEvento: null,
  statusId: null,
  value: null,
  showCtaBtn: 1,
  nombre: 'Ana',
  nombre2: null,
  apePat: 'López',
  apeMAt: 'Pérez',
}

export const machineCatalog: readonly MachineCatalogEntry[] = [
  {
    id: 'session',
    description: 'Sesión del usuario en el navegador: guarda el token, lo renueva antes de que venza y cierra la sesión.',
    machine: sessionMachine,
    input: { user, accessToken: 'token', lastUpdate: '2020-01-01T00:00:00.000Z' },
    // lastUpdate is a timestamp taken at each refresh: only whether there is one matters to the paths.
    contextKey: (c: { user: { userType: string } | null; accessToken: string | null; lastUpdate: string | null }) => ({
      userType: c.user?.userType ?? null,
      accessToken: c.accessToken,
      lastUpdate: c.lastUpdate !== null,
    }),
    events: [
      { type: 'session.start', user: { ...user, userType: 'Colaborador', rol: '2', idColaborador: 70123 }, accessToken: 't2' },
      { type: 'token.rotate', accessToken: 't3' },
      { type: 'photo.update', foto: '/api/file/profile/1.png' },
      { type: 'xstate.done.actor.refreshToken', output: { accessToken: 't4' } },
      { type: 'xstate.error.actor.refreshToken', error: new Error('Token inválido') },
    ],
  },
  {
    id: 'login',
    description: 'Inicio de sesión por rol (correo, contraseña y rol) en la página de acceso.',
    machine: loginMachine,
    events: [
      { type: 'xstate.done.actor.loadRoles', output: { Ejecutivo: 0, Administrativo: 1 } },
      { type: 'xstate.error.actor.loadRoles', error: new Error('Failed to fetch') },
      { type: 'credentials.change', field: 'email', value: 'ana@coppel.com' },
      { type: 'credentials.change', field: 'password', value: 'Secreta1!' },
      { type: 'role.change', role: 'Administrativo' },
      { type: 'xstate.done.actor.signIn', output: session },
      { type: 'xstate.error.actor.signIn', error: new Error('Usuario y/o contraseña incorrectos') },
    ],
  },
  {
    id: 'collaboratorLogin',
    description: 'Acceso del colaborador con su número de colaborador y el número de trámite.',
    machine: collaboratorLoginMachine,
    events: [
      { type: 'credentials.change', field: 'idColaborador', value: '70123' },
      { type: 'credentials.change', field: 'numProcedure', value: '55' },
      { type: 'xstate.done.actor.signIn', output: session },
      { type: 'xstate.error.actor.signIn', error: new Error('Número de trámite y/o colaborador incorrectos') },
    ],
  },
  {
    id: 'procedureSearch',
    description: 'Búsqueda de trámites por número de colaborador en Inicio de trámite, con sus coberturas.',
    machine: procedureSearchMachine,
    events: [
      { type: 'search.change', value: '70123' },
      { type: 'xstate.done.actor.searchProcedures', output: [procedureRow] },
      { type: 'xstate.done.actor.searchProcedures', output: [{ ...procedureRow, idColaborador: null }] },
      { type: 'xstate.error.actor.searchProcedures', error: new Error('Failed to fetch') },
      { type: 'claim.create', idCobertura: 1 },
      { type: 'claim.open', idEvento: 101 },
    ],
  },
  {
    id: 'newClaim',
    description: 'Alta de un trámite nuevo: carga los datos del colaborador y valida el formulario antes de crearlo.',
    machine: newClaimMachine,
    input: { idColaborador: 70123, idCobertura: 1, idEjecutivo: 1, today: '2025-06-01' },
    // The order in which fields were touched multiplies states without changing what the form allows.
    contextKey: (c: { form: unknown; alert: unknown; collaborator: unknown; fund: unknown; estados: unknown[]; municipios: unknown[] }) => ({
      form: c.form,
      alert: c.alert,
      loaded: [c.collaborator !== null, c.fund !== null, c.estados.length, c.municipios.length],
    }),
    events: [
      {
        type: 'xstate.done.actor.loadCollaborator',
        output: { nombre: 'Ana', apePat: 'López', apeMat: 'Pérez', email: 'ana@coppel.com', telefono: '3312345678' },
      },
      { type: 'xstate.done.actor.loadFundSummary', output: { monto: 10000, montoUtilizado: 0, montoDisponible: 10000 } },
      { type: 'xstate.done.actor.loadStates', output: [{ id: 14, nombre: 'Jalisco' }] },
      { type: 'xstate.error.actor.loadStates', error: new Error('Failed to fetch') },
      { type: 'estado.select', value: '14' },
      { type: 'xstate.done.actor.loadMunicipalities', output: [{ id: 39, nombre: 'Guadalajara' }] },
      { type: 'field.change', field: 'ciudad', value: '39' },
      { type: 'birthDate.pick', value: '1990-01-15' },
      { type: 'field.change', field: 'genero', value: '1' },
      { type: 'field.change', field: 'costo', value: '500' },
      { type: 'xstate.done.actor.createClaim', output: { insertId: 9 } },
      { type: 'xstate.error.actor.createClaim', error: new Error('Failed to fetch') },
    ],
  },
  {
    id: 'claimLifecycle',
    description: 'Etapas de un trámite, desde que se inicia hasta que concluye o se rechaza.',
    machine: claimLifecycleMachine,
    events: [
      { type: 'document.upload', tipo: 1 },
      { type: 'document.upload', tipo: 2 },
      { type: 'document.upload', tipo: 3 },
      { type: 'documents.verify', statuses: { '1': 2, '2': 4, '3': 2 } },
      { type: 'documents.verify', statuses: { '1': 2, '2': 3, '3': 4 } },
      { type: 'document.comment', tipo: 2, status: 4 },
      { type: 'dictamen.save', approved: true },
      { type: 'dictamen.save', approved: false },
    ],
  },
]

export function findMachine(id: string): MachineCatalogEntry | undefined {
  return machineCatalog.find((entry) => entry.id === id)
}
