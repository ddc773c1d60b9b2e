/** API answers shared by the collaborator view tests (shapes of server/routes/eventSchemas.ts and files/schemas.ts). */
export const CLAIM_500 = {
  idEvento: 500,
  idColaborador: 90251437,
  idCobertura: 1,
  idEjecutivo: 2,
  idProveedor: null,
  idServicio: null,
  statusId: 2,
  value: 'Carga de documentos',
  descripcion: 'Gastos médicos mayores',
  monto: 150000,
  montoAutorizado: 12345.5,
  usedAmount: 12345.5,
  montoUtilizado: 12345.5,
  montoDisponible: 137654.5,
  servicio: null,
  nombreProveedor: null,
  nombreEjecutivo: 'Laura Hernández',
  nombreColaborador: 'Ana Sofía Valenzuela Ruiz',
  beneficiary: 'Ana Sofía Valenzuela Ruiz',
  tipo: 'Digital',
  fechaIngreso: '2025-11-03T16:20:00.000Z',
}

export const fileEntry = (tipo: '1' | '2' | '3', status: number, nombre: string, comentario: string | null = null, id = Number(tipo) + 10) => ({
  id,
  url: `/api/file/download/claim-file/${id}`,
  status,
  tipo,
  nombre,
  comentario,
})

export const HISTORY_500 = [
  { status: 1, fecha: '2025-11-03T16:20:00.000Z', value: 'Trámite iniciado' },
  { status: 2, fecha: '2025-11-04T17:00:00.000Z', value: 'Carga de documentos' },
]
