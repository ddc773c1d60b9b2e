/** Routes of the provider screens (spec 2.6). */
export const PROVIDERS_PATH = '/administrador/proveedores'
export const NEW_PROVIDER_PATH = `${PROVIDERS_PATH}/nuevo-proveedor`
export const providerEditPath = (idProveedor: number) => `${PROVIDERS_PATH}/editar-proveedor/${idProveedor}`
export const providerViewPath = (idProveedor: number) => `${PROVIDERS_PATH}/ver-proveedor/${idProveedor}`
