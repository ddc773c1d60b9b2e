/** Routes of the executive screens (spec 2.6). */
export const EXECUTIVES_PATH = '/administrador/ejecutivos'
export const NEW_EXECUTIVE_PATH = `${EXECUTIVES_PATH}/nuevo-ejecutivo`
export const executiveEditPath = (idUser: number) => `${EXECUTIVES_PATH}/editar-ejecutivo/${idUser}`
export const executiveViewPath = (idUser: number) => `${EXECUTIVES_PATH}/ver-ejecutivo/${idUser}`
