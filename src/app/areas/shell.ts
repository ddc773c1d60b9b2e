/**
 * Chunk of the signed-in shell (side menu, header, search box) and of the notices region, shared by every role's
 * area. The notices come with the shell, not on their own: mounted right after the first signed-in render, a chunk
 * of their own was requested only once the shell had run, a second wave after the screen's code (issue 24).
 */
export { AppShell } from '../shell/AppShell'
export { AppToaster } from '../../ui/Toast'
