/**
 * /api/catalog (any session): the location catalogues (state → municipality → neighbourhood), the services and
 * the active providers of a service. Lists come sorted by name; an unknown parent id answers an empty list, like
 * a parent with no children. The role catalogue (/userRoles) lives in roleCatalog.ts.
 */
import type { FastifyInstance } from 'fastify'
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope'
import { idSchema } from '../domain/users/jsonSchemas'
import { schemaErrorFormatter } from '../lib/schemaErrors'
import {
  activeProvidersOfService,
  listMunicipalities,
  listNeighbourhoods,
  listServices,
  listStates,
} from '../domain/providers/catalogs'

const listOf = (properties: Record<string, object>) => ({
  200: envelopeSchema({ type: 'array', items: { type: 'object', properties, required: Object.keys(properties) } }),
  '4xx': errorEnvelopeSchema,
})
const idNombre = { id: { type: 'integer' }, nombre: { type: 'string' } }
const params = (name: string) => ({ type: 'object', required: [name], properties: { [name]: idSchema } })
const labels = schemaErrorFormatter({ stateId: 'Estado', id: 'Municipio', servicio: 'Servicio' })

export default async function catalogRoutes(app: FastifyInstance) {
  app.get('/locations/estados', { schema: { tags: ['catálogos'], response: listOf(idNombre) } }, async () =>
    ok(await listStates(app.db)),
  )

  app.get<{ Params: { stateId: number } }>(
    '/locations/municipio/:stateId',
    { schemaErrorFormatter: labels, schema: { tags: ['catálogos'], params: params('stateId'), response: listOf(idNombre) } },
    async (request) => ok(await listMunicipalities(app.db, request.params.stateId)),
  )

  app.get<{ Params: { id: number } }>(
    '/locations/colonia/:id',
    {
      schemaErrorFormatter: labels,
      schema: { tags: ['catálogos'], params: params('id'), response: listOf({ ...idNombre, codigoPostal: { type: 'string' } }) },
    },
    async (request) => ok(await listNeighbourhoods(app.db, request.params.id)),
  )

  app.get('/services', { schema: { tags: ['catálogos'], response: listOf({ ...idNombre, tipo: { type: 'integer' } }) } }, async () =>
    ok(await listServices(app.db)),
  )

  app.get<{ Params: { servicio: number } }>(
    '/providers/:servicio',
    {
      schemaErrorFormatter: labels,
      schema: {
        tags: ['catálogos'],
        params: params('servicio'),
        response: listOf({ idProveedor: { type: 'integer' }, nombreProveedor: { type: 'string' } }),
      },
    },
    async (request) => ok(await activeProvidersOfService(app.db, request.params.servicio)),
  )
}
