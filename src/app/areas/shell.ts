/** Chunk of the signed-in shell (side menu, header, search box), shared by every role's area. */
export { AppShell } from '../shell/AppShell'
