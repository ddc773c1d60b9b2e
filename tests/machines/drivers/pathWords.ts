/**
 * The words model-based test names are made of: each event a machine takes, said as the user's or the system's action
 * in Spanish, so a generated path reads as the spec does and a failing one says what broke
 * ('login: elegir Administrativo → escribir correo «ana@» → entrar ⇒ idle').
 *
 * One vocabulary for every machine in machines/: an event type means the same wherever it appears (`alert.dismiss`
 * is always 'cerrar aviso'), and an invoked actor is named by its id (`loadDocuments`), so a new machine mostly reuses
 * what is here. A machine whose event types or actors have no words fails tests/machines/pathWords.test.ts, which
 * names them; add them to EVENT_WORDS or ACTOR_WORDS below (and to MACHINE_EVENT_WORDS only when one machine means
 * something else by a shared type).
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate'

/** Words for an event: fixed, or built from the event where its data changes the path (the role, the field, the file). */
type Words = string | ((event: AnyEventObject) => string)

/** The longest value quoted in a name: enough to tell the samples apart, short enough to read. */
const SHOWN_CHARACTERS = 14

/** A value as a name quotes it: «text», cut with … when long; a number as it is. */
export function quoted(value: unknown): string {
  if (typeof value === 'number') return String(value)
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  return `«${text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1)}…` : text}»`
}

const FIELD_WORDS: Record<string, string> = {
  email: 'correo',
  password: 'contraseña',
  confirmPassword: 'confirmación',
  idColaborador: 'no. de colaborador',
  numProcedure: 'no. de trámite',
  nombre: 'nombre',
  phone: 'teléfono',
  activo: 'estatus',
  ubicacion: 'ubicación',
  ciudad: 'ciudad',
  genero: 'género',
  costo: 'costo',
  diagnostico: 'diagnóstico',
  medicoMonto: 'monto del médico',
  proveedorNombre: 'proveedor',
  codigoPostal: 'código postal',
  tipo: 'tipo',
  nombreProveedor: 'proveedor',
  contrato: 'contrato',
  contratoYear: 'año de contrato',
  contratoEstatus: 'estatus de contrato',
  servicio: 'servicio',
  calle: 'calle',
  numeroExterior: 'número exterior',
  nivel: 'nivel',
  tipoEspecialidad: 'tipo de especialidad',
  especialidad: 'especialidad',
  telefono: 'teléfono',
  costoNormal: 'costo normal',
  estudio: 'estudio',
  observaciones: 'observaciones',
  horarios: 'horarios',
}

const DOCUMENT_WORDS: Record<string, string> = { 1: 'formato de solicitud', 2: 'resumen médico', 3: 'identificación' }
const REVIEW_WORDS: Record<string, string> = { 1: 'sin revisar', 2: 'válido', 3: 'rechazado', 4: 'válido con nota', 5: 'rechazado con nota' }

const DICTAMEN_WORDS: Record<string, string> = { approved: 'elegir aprobado', rejected: 'elegir rechazado' }

const field = (event: AnyEventObject) => FIELD_WORDS[event.field as string] ?? String(event.field)
const documentOf = (event: AnyEventObject) => DOCUMENT_WORDS[String(event.tipo)] ?? `documento ${String(event.tipo)}`
/** How a slot's upload ended, as its final output says ('se guarda el resumen médico', 'se cancela…'). */
function slotUploadEnd(tipo: string, event: AnyEventObject): string {
  const document = DOCUMENT_WORDS[tipo] ?? `documento ${tipo}`
  const output = event.output as { outcome?: string; reason?: string } | undefined
  if (output?.outcome === 'stored') return `se guarda ${document}`
  if (output?.outcome === 'cancelled') return `se cancela la carga de ${document}`
  if (output?.outcome === 'expired') return `caduca la carga de ${document}`
  return `falla la carga de ${document}${output?.reason ? ` ${quoted(output.reason)}` : ''}`
}
const fileOf = (event: AnyEventObject) => quoted((event.file as { name?: string } | undefined)?.name ?? event.file)

/** `escribir <campo> «valor»`, or `borrar <campo>` for an empty value. */
const typing = (label: string, value: unknown) => (value === '' ? `borrar ${label}` : `escribir ${label} ${quoted(value)}`)

const EVENT_WORDS: Record<string, Words> = {
  // Pendientes (bulkApproval) and Niveles de servicio (serviceLevels).
  'selection.toggle': (e) => `marcar C${String(e.idEvento)}`,
  'selection.clear': 'desmarcar todo',
  'approval.request': 'aprobar seleccionadas',
  'result.dismiss': 'cerrar resultado',
  'target.change': (e) => `escribir ${quoted(e.value)} días para la etapa ${String(e.statusId)}`,
  save: 'guardar',
  // Scan to PDF (scanDocument): the arranger's pages.
  'photos.add': (e) => `elegir ${Array.isArray(e.photos) ? e.photos.length : ''} fotos`.replace('  ', ' '),
  'page.remove': 'quitar página',
  'page.moveUp': 'mover página antes',
  'page.moveDown': 'mover página después',
  'page.rotate': 'girar página',
  'preview.open': 'ver vista previa',
  'preview.close': 'cerrar vista previa',
  'document.confirm': 'cargar documento',
  'scan.cancel': 'cancelar escaneo',
  // Shared by many screens
  'alert.dismiss': 'cerrar aviso',
  'notice.dismiss': 'cerrar aviso',
  'notice.close': 'cerrar aviso',
  'load.retry': 'reintentar',
  'field.change': (e) => typing(field(e), e.value),
  'field.blur': (e) => `salir de ${field(e)}`,
  'form.submit': 'guardar',
  'form.edit': 'editar',
  'search.change': (e) => typing('búsqueda', e.value),
  'search.submit': 'buscar',
  'estado.select': (e) => `elegir estado ${quoted(e.value)}`,
  'municipio.select': (e) => `elegir municipio ${quoted(e.value)}`,
  'colonia.select': (e) => `elegir colonia ${quoted(e.value)}`,
  // Session and sign-in
  'session.start': 'iniciar sesión',
  'session.logout': 'cerrar sesión',
  'token.rotate': 'renovar token',
  'token.invalid': 'token inválido',
  'photo.update': 'cambiar foto',
  'credentials.change': (e) => typing(field(e), e.value),
  'role.change': (e) => `elegir ${typeof e.role === 'string' ? e.role : quoted(e.role)}`,
  'login.submit': 'entrar',
  // Claims
  'claim.create': (e) => `iniciar trámite de cobertura ${quoted(e.idCobertura)}`,
  'claim.open': (e) => `abrir trámite ${quoted(e.idEvento)}`,
  'claim.submit': 'crear trámite',
  'claim.reload': 'recargar trámite',
  'birthDate.pick': (e) => `elegir nacimiento ${quoted(e.value)}`,
  'tab.select': (e) => `ver pestaña ${quoted(e.tab)}`,
  // Documents
  'document.upload': (e) => (e.file === undefined ? `subir ${documentOf(e)}` : `subir ${documentOf(e)} ${fileOf(e)}`),
  'documents.reload': 'recargar documentos',
  'documents.send': 'enviar documentos',
  'documents.verify': (e) =>
    e.statuses === undefined
      ? 'ir a validar documentos'
      : `validar documentos ${Object.values(e.statuses as Record<string, number>).map((s) => REVIEW_WORDS[s] ?? s).join('/')}`,
  'document.comment': (e) => `comentar ${documentOf(e)} (${REVIEW_WORDS[String(e.status)] ?? quoted(e.status)})`,
  'upload.progress': (e) => `avanza la carga ${quoted(`${String(e.loaded)}/${String(e.total)}`)}`,
  'upload.cancel': 'cancelar carga',
  // The wildcard a machine listens to for its spawned slot uploads; each one is said by its actor (ACTOR_WORDS upload.N).
  'xstate.done.actor.upload.*': 'termina la carga de una ranura',
  'upload.dropped': 'se cae la conexión',
  'upload.pause': 'pausar carga',
  'upload.resume': 'reanudar carga',
  'upload.succeed': 'termina la carga',
  'upload.done': 'termina la carga',
  'upload.fail': (e) => (e.reason ? `falla la carga ${quoted(e.reason)}` : 'falla la carga'),
  'upload.failed': 'falla la carga',
  'status.select': (e) =>
    e.tipo === undefined
      ? (DICTAMEN_WORDS[String(e.status)] ?? `elegir ${quoted(e.status)}`)
      : `marcar ${documentOf(e)} ${REVIEW_WORDS[String(e.status)] ?? quoted(e.status)}`,
  'verification.save': 'guardar validación',
  // Comments
  'comment.open': 'abrir comentario',
  'comment.close': 'cerrar comentario',
  'comment.show': 'ver comentario',
  'comment.change': (e) => typing('comentario', e.text),
  'comment.statusChange': (e) => `estatus ${REVIEW_WORDS[String(e.status)] ?? quoted(e.status)}`,
  'comment.submit': 'enviar comentario',
  // Provider assignment, letter, dictamen
  'provider.assign': 'asignar proveedor',
  'services.reload': 'recargar servicios',
  'service.select': (e) => `elegir servicio ${quoted(e.servicio)}`,
  'provider.select': (e) => `elegir proveedor ${quoted(e.idProveedor)}`,
  'assignment.confirm': 'confirmar asignación',
  'letter.save': 'guardar carta',
  'letter.reload': 'recargar carta',
  'dictamen.save': (e) => (e.approved === undefined ? 'guardar dictamen' : `dictaminar ${e.approved ? 'aprobado' : 'rechazado'}`),
  'dictamination.save': 'guardar dictamen',
  'dictamination.confirm': 'confirmar dictamen',
  'dictamination.cancel': 'cancelar dictamen',
  'dictamination.reload': 'recargar dictamen',
  'file.select': (e) => `elegir archivo ${fileOf(e)}`,
  'file.clear': 'quitar archivo',
  // Invoice
  'invoice.upload': (e) => (e.file === undefined ? 'subir factura' : `subir factura ${fileOf(e)}`),
  'invoice.replace': (e) => `reemplazar factura ${fileOf(e)}`,
  'invoice.delete': 'borrar factura',
  'invoice.approve': 'aprobar factura',
  'invoice.download': 'descargar factura',
  'approval.confirm': 'confirmar aprobación',
  'approval.cancel': 'cancelar aprobación',
  // Profile
  'profile.reload': 'recargar perfil',
  'photo.edit': 'editar foto',
  'photo.select': (e) => `elegir foto ${quoted(e.fileName)}`,
  'photo.save': 'guardar foto',
  'photo.cancel': 'cancelar foto',
  // Save button
  'save.start': 'guardar',
  'save.succeed': 'se guardó',
  'save.fail': 'falla el guardado',
  // Paged lists
  'page.change': (e) => `ir a página ${quoted(e.page)}`,
  'list.reload': 'recargar lista',
  'rowAction.request': (e) => `pedir acción en fila ${quoted(e.index)}`,
  'rowAction.confirm': 'confirmar acción',
  'rowAction.cancel': 'cancelar acción',
  // Document viewer
  'document.open': (e) => `abrir ${quoted(e.fileName)}`,
  'document.retry': 'reintentar documento',
  'document.download': 'descargar documento',
  'page.next': 'página siguiente',
  'page.previous': 'página anterior',
  'page.first': 'primera página',
  'page.last': 'última página',
  'page.go': (e) => `ir a página ${quoted(e.page)}`,
  'page.failed': 'falla la página',
  'zoom.in': 'acercar',
  'zoom.out': 'alejar',
  'zoom.fitWidth': 'ajustar al ancho',
  'zoom.fitted': (e) => `ajustado a ${quoted(e.zoom)} %`,
  'view.rotate': 'girar',
  // Report
  'reportType.select': (e) => `elegir reporte ${quoted(e.value)}`,
  'startDate.change': (e) => typing('fecha inicial', e.value),
  'endDate.change': (e) => typing('fecha final', e.value),
  'report.download': 'descargar reporte',
  'statistics.retry': 'reintentar estadísticas',
  'download.progress': (e) => `avanza la descarga (${quoted(e.rows)} filas)`,
  'download.done': (e) => `termina la descarga (${quoted(e.rowCount)} filas)`,
  'download.cancelled': 'se cancela la descarga',
  'download.failed': 'falla la descarga',
  // Notifications
  'notification.read': (e) => `leer notificación ${quoted(e.idNotificacion)}`,
  'notifications.readAll': 'leer todas',
  'notifications.refresh': 'recargar notificaciones',
}

/** Where one machine means something else by a shared event type (none yet): machine id → event type → words. */
const MACHINE_EVENT_WORDS: Record<string, Record<string, Words>> = {}

/** What an invoked actor does, said as the system's answer: `done` when it resolves, `error` when it fails. */
const ACTOR_WORDS: Record<string, { done: Words; error: Words }> = {
  refreshToken: { done: 'se renueva el token', error: 'no se renueva el token' },
  loadRoles: { done: 'llegan los roles', error: 'no llegan los roles' },
  approveInvoices: { done: 'el servidor responde la aprobación', error: 'falla la aprobación' },
  loadLevels: { done: 'llegan los niveles de servicio', error: 'no llegan los niveles de servicio' },
  saveLevels: { done: 'se guardan los niveles', error: 'no se guardan los niveles' },
  preparePhotos: { done: 'las fotos quedan listas', error: 'no se preparan las fotos' },
  buildPdf: { done: 'se arma el PDF', error: 'no se arma el PDF' },
  signIn: { done: 'el servidor acepta', error: 'el servidor rechaza' },
  searchProcedures: {
    done: (e) => (Array.isArray(e.output) ? `llegan ${e.output.length} trámites` : 'llegan los trámites'),
    error: 'falla la búsqueda',
  },
  loadCollaborator: { done: 'llega el colaborador', error: 'no llega el colaborador' },
  loadFundSummary: { done: 'llega el fondo', error: 'no llega el fondo' },
  loadStates: { done: 'llegan los estados', error: 'no llegan los estados' },
  loadMunicipalities: { done: 'llegan los municipios', error: 'no llegan los municipios' },
  loadNeighbourhoods: { done: 'llegan las colonias', error: 'no llegan las colonias' },
  createClaim: { done: 'se crea el trámite', error: 'no se crea el trámite' },
  loadClaim: { done: 'llega el trámite', error: 'no llega el trámite' },
  reloadClaim: { done: 'llega el trámite', error: 'no llega el trámite' },
  loadProfile: { done: 'llega el perfil', error: 'no llega el perfil' },
  loadOverview: { done: 'llega el trámite', error: 'no llega el trámite' },
  reloadOverview: { done: 'llega el trámite', error: 'no llega el trámite' },
  loadServices: { done: 'llegan los servicios', error: 'no llegan los servicios' },
  loadProviders: { done: 'llegan los proveedores', error: 'no llegan los proveedores' },
  assignProvider: { done: 'se asigna el proveedor', error: 'no se asigna el proveedor' },
  loadDocuments: {
    done: (e) => `llegan ${(e.output as { files?: unknown[] } | undefined)?.files?.length ?? 'los'} documentos`,
    error: 'no llegan los documentos',
  },
  uploadDocument: { done: 'se sube el documento', error: 'no se sube el documento' },
  // Each slot's own upload (collaboratorUpload spawns a documentUpload per slot, issue 22): how it ended.
  ...Object.fromEntries(
    ['1', '2', '3'].map((tipo) => [
      `upload.${tipo}`,
      { done: (e: AnyEventObject) => slotUploadEnd(tipo, e), error: `falla la carga de ${DOCUMENT_WORDS[tipo] ?? tipo}` },
    ]),
  ),
  verifyFiles: { done: 'se guarda la validación', error: 'no se guarda la validación' },
  sendComment: { done: 'se envía el comentario', error: 'no se envía el comentario' },
  loadLetter: { done: 'llega la carta', error: 'no llega la carta' },
  saveLetter: { done: 'se guarda la carta', error: 'no se guarda la carta' },
  loadDictamination: {
    done: (e) => (e.output === null ? 'llega sin dictamen' : 'llega el dictamen'),
    error: 'no llega el dictamen',
  },
  attachDictaminationFile: { done: 'se adjunta el archivo', error: 'no se adjunta el archivo' },
  saveDictamination: { done: 'se guarda el dictamen', error: 'no se guarda el dictamen' },
  loadInvoice: {
    done: (e) => (e.output === null ? 'llega sin factura' : 'llega la factura'),
    error: 'no llega la factura',
  },
  uploadInvoice: { done: 'se sube la factura', error: 'no se sube la factura' },
  downloadInvoice: { done: 'se descarga la factura', error: 'no se descarga la factura' },
  approveInvoice: { done: 'se aprueba la factura', error: 'no se aprueba la factura' },
  loadExecutive: { done: 'llega el ejecutivo', error: 'no llega el ejecutivo' },
  createExecutive: { done: 'se crea el ejecutivo', error: 'no se crea el ejecutivo' },
  updateExecutive: { done: 'se guarda el ejecutivo', error: 'no se guarda el ejecutivo' },
  loadProvider: { done: 'llega el proveedor', error: 'no llega el proveedor' },
  createProvider: { done: 'se crea el proveedor', error: 'no se crea el proveedor' },
  updateProvider: { done: 'se guarda el proveedor', error: 'no se guarda el proveedor' },
  uploadPhoto: { done: 'se sube la foto', error: 'no se sube la foto' },
  loadPage: {
    done: (e) => `llega la página con ${(e.output as { items?: unknown[] } | undefined)?.items?.length ?? 'sus'} filas`,
    error: 'no llega la página',
  },
  rowAction: { done: 'se hace la acción', error: 'no se hace la acción' },
  loadDocument: { done: 'se abre el documento', error: 'no se abre el documento' },
  loadStatistics: { done: 'llegan las estadísticas', error: 'no llegan las estadísticas' },
  loadNotifications: { done: 'llegan las notificaciones', error: 'no llegan las notificaciones' },
  markNotificationsRead: { done: 'se marcan leídas', error: 'no se marcan leídas' },
}

/** State keys said in words where the key alone reads poorly; any other key is shown as it is. */
const STATE_WORDS: Record<string, string> = {
  idle: 'en espera',
  loading: 'cargando',
  fetching: 'cargando',
  loadFailed: 'falló la carga',
  failed: 'falló',
  ready: 'listo',
  done: 'listo',
  editing: 'editando',
  submitting: 'enviando',
  saving: 'guardando',
  saved: 'guardado',
  uploading: 'subiendo',
  notFound: 'no existe',
  forbidden: 'sin permiso',
  signedIn: 'sesión iniciada',
  signedOut: 'sin sesión',
  approved: 'aprobado',
  rejected: 'rechazado',
  empty: 'vacío',
  error: 'error',
  failure: 'falló',
  success: 'éxito',
  waiting: 'esperando',
  refreshing: 'renovando',
  searching: 'buscando',
  results: 'resultados',
  noResults: 'sin resultados',
  debouncing: 'esperando la búsqueda',
  browsing: 'viendo la lista',
  acting: 'haciendo la acción',
  downloading: 'descargando',
  viewing: 'viendo',
  open: 'abierto',
  closed: 'cerrado',
  sending: 'enviando',
  sent: 'enviado',
  uploaded: 'subida',
  complete: 'completo',
  damaged: 'dañado',
  stored: 'guardado',
  cancelled: 'cancelado',
  expired: 'caducado',
  dropped: 'sin conexión',
  paused: 'en pausa',
}

/** What went wrong in a failed actor's error, briefly: the HTTP status, the server's reason or the kind of failure. */
function errorDetail(error: unknown): string {
  if (typeof error !== 'object' || error === null) return ''
  const { status, reason, kind, message, data } = error as Record<string, unknown>
  const text = reason ?? (data as { reason?: unknown } | undefined)?.reason ?? kind ?? message
  const parts = [typeof status === 'number' ? String(status) : '', typeof text === 'string' && text ? quoted(text) : ''].filter(Boolean)
  return parts.length ? ` (${parts.join(' ')})` : ''
}

const say = (words: Words, event: AnyEventObject) => (typeof words === 'function' ? words(event) : words)

/** The delay an `xstate.after.<delay>.<state>` event waits, in seconds when the machine writes it in milliseconds. */
function delayWords(machine: AnyStateMachine, delay: string): string {
  const declared = /^\d+$/.test(delay) ? Number(delay) : (machine.implementations?.delays as Record<string, unknown> | undefined)?.[delay]
  return typeof declared === 'number' ? `pasan ${declared / 1000} s` : `pasa ${delay}`
}

/**
 * The words for one event of `machine`'s path, or undefined when the vocabulary has none (the vocabulary test
 * fails on that; a name then falls back to the event type).
 */
export function eventWords(machine: AnyStateMachine, event: AnyEventObject): string | undefined {
  const invoke = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
  if (invoke) {
    const actor = ACTOR_WORDS[invoke[2]!]
    if (!actor) return undefined
    return invoke[1] === 'done' ? say(actor.done, event) : `${say(actor.error, event)}${errorDetail(event.error)}`
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type)
  if (after) return delayWords(machine, after[1]!)
  const words = MACHINE_EVENT_WORDS[machine.id]?.[event.type] ?? EVENT_WORDS[event.type]
  return words === undefined ? undefined : say(words, event)
}

/** Where a path ends: the stage name a state carries in its meta (the claim lifecycle), else its keys in words. */
export function stateWords(snapshot: AnyMachineSnapshot): string {
  const leaves = (snapshot._nodes as AnyStateNode[]).filter((node) => node.type === 'atomic' || node.type === 'final')
  return leaves
    .map((node) => {
      const stage = (node.meta as { value?: unknown } | undefined)?.value
      return typeof stage === 'string' ? stage : (STATE_WORDS[node.key] ?? node.key)
    })
    .join(' + ')
}

/** Every event type and invoked actor of `machine` that the vocabulary cannot say, as `event type` / `actor id`. */
export function unsaidEvents(machine: AnyStateMachine, eventTypes: readonly string[], actorIds: readonly string[]): string[] {
  const events = eventTypes.filter((type) => MACHINE_EVENT_WORDS[machine.id]?.[type] === undefined && EVENT_WORDS[type] === undefined)
  const actors = actorIds.filter((id) => ACTOR_WORDS[id] === undefined).map((id) => `xstate.done.actor.${id} / xstate.error.actor.${id}`)
  return [...events, ...actors]
}
