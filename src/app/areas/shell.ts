/**
 * Chunk of the signed-in shell (side menu, header, search box), shared by every role's screens, with the signed-in
 * part of the route table, which the router patches in on the first navigation it needs it (src/app/routes.tsx).
 * The notices region is not in it: it waits for the first idle moment after the first screen (src/app/App.tsx).
 */
export { signedInBranch } from '../signedInRoutes'
