/**
 * The side menu's titles, apart from the menu itself: the sign-in shell names its drawer with one but downloads the
 * menu only when the drawer opens (issue 24).
 */
export const SIDE_MENU_TITLES = { app: 'Menú Principal', public: 'Menu principal' } as const
