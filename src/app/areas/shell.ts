/**
 * Chunk of the signed-in shell (side menu, header, search box), shared by every role's screens. The notices region
 * is not in it: it waits for the first idle moment after the first screen (src/app/App.tsx, issue 24).
 */
export { AppShell } from '../shell/AppShell'
