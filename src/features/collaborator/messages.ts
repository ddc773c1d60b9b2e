/**
 * Texts of the collaborator's screens (spec 2.8, 4 'Claim documents', 8). The upload machine's own texts are imported
 * from the machine, not re-exported here: the home screen reads this file, and a re-export made it download the
 * upload machine and the claim lifecycle with it (issue 24).
 */

export const HOME_TEXTS = {
  title: 'Mis trámites',
  // Not in the spec (README, design notes): tells a first-time visitor on a phone what the page is for and where the
  // documents are uploaded; it is drawn with the page's HTML, before the claim arrives.
  subtitle: "Aquí ves cómo va tu trámite y lo que sigue para ti. Tus documentos se suben desde 'Ir a trámite'.",
  cardTitle: 'Trámite actual',
  holder: 'Titular',
  stage: 'Etapa actual',
  claimedSum: 'Suma reclamada',
  claimNumber: 'Número de trámite',
  reason: 'Motivo del trámite',
  open: 'Ir a trámite',
  loading: 'Cargando tu trámite…',
  noClaim: 'No hay un trámite asociado a tu sesión',
  noClaimDetail: 'Vuelve a ingresar con tu número de colaborador y tu número de trámite.',
  // Issue 23: what comes next, and by when the office expects to finish the stage.
  nextStep: 'Siguiente paso',
  yourNextStep: 'Lo que sigue para ti',
  expectedBy: (date: string) => `Esperamos terminar esta etapa a más tardar el ${date}.`,
} as const

export const UPLOAD_TEXTS = {
  title: 'Carga de datos',
  subtitle: (code: string) => `Trámite ${code}`,
  backLabel: 'Regresar a mis trámites',
  notYours: 'Este trámite no corresponde a tu sesión',
  notYoursDetail: (code: string) => `Solo puedes consultar el trámite ${code}, con el que iniciaste sesión.`,
  toYourClaim: 'Ir a mi trámite',
  tabsLabel: 'Secciones del trámite',
  tabProcess: 'Proceso actual',
  tabTime: 'Tiempo',
  intro:
    'Sube los tres documentos de tu trámite en PDF o como fotos de cada hoja; puedes elegir el siguiente mientras otro se envía. Cuando los tres estén cargados, envíalos a validar.',
  loading: 'Cargando tus documentos…',
  upload: 'Cargar archivo',
  reupload: 'Volver a cargar',
  /** A document uploaded and not reviewed yet: a wrong file can still be swapped (issue 21). */
  replace: 'Reemplazar archivo',
  uploading: (fileName: string) => `Subiendo ${fileName}`,
  cancel: 'Cancelar carga',
  noFile: 'Sin archivo',
  reviewerComment: 'Comentario del revisor',
  uploadedCount: 'Documentos cargados',
  sendHint: 'Podrás enviar a validar cuando los tres documentos estén cargados.',
  noticeClose: 'Aceptar',
  status: 'Estatus',
} as const

/** The timeline's own texts are with it (../stages/messages.ts). */
export const TIMELINE_TEXTS = {
  title: 'Etapas del trámite',
  loading: 'Cargando las etapas…',
} as const
