/** Texts of the notifications bell, list and the administrators' page (issue 14; the spec has none). */
export const NOTIFICATION_TEXTS = {
  bell: 'Notificaciones',
  bellUnread: (n: number) => `Notificaciones: ${n} sin leer`,
  title: 'Notificaciones',
  description: 'Avisos de los trámites que requieren su atención.',
  loading: 'Cargando notificaciones…',
  empty: 'No tiene notificaciones.',
  unread: 'No leída',
  markRead: 'Marcar como leída',
  markAll: 'Marcar todas como leídas',
  open: 'Ver trámite',
  close: 'Cerrar',
  adminTitle: 'Notificaciones',
  adminSubtitle: 'Correos de notificación y su estado de entrega',
  adminSearch: 'Buscar por correo, asunto o trámite',
  adminEmpty: 'No hay correos de notificación.',
  adminKept: 'Sin servidor SMTP configurado: los correos se conservan aquí y no se envían.',
  attempts: (n: number) => (n === 1 ? '1 intento' : `${n} intentos`),
  sentAt: 'Enviado el',
  createdAt: 'Creado el',
  lastError: 'Último error',
  showMail: 'Ver correo',
} as const

/** The administrators' list texts, in the shape of the paged list view. */
export const NOTIFICATION_LIST_TEXTS = {
  search: NOTIFICATION_TEXTS.adminSearch,
  searchHelp: 'Correo del destinatario, parte del asunto o número de trámite (C300 o 300)',
  loading: 'Cargando correos…',
  empty: NOTIFICATION_TEXTS.adminEmpty,
  emptySearch: (text: string) => `Ningún correo coincide con «${text}».`,
  total: (count: number) => (count === 1 ? '1 correo' : `${count.toLocaleString('es-MX')} correos`),
} as const
