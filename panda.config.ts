import { defineConfig, defineRecipe } from '@pandacss/dev'

/**
 * Design tokens of the portal (spec section 9: green for primary actions, dark navy text, breakpoints
 * 420/430/768/960/1200, side menu 298 px). Screens use the semantic tokens (`fg.default`, `bg.primary`, …), never
 * raw colours, so a palette change stays in this file.
 */

const button = defineRecipe({
  className: 'button',
  description: 'Buttons: primary (green) for the main action, secondary, ghost, danger and link-like',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'semibold',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background 0.15s, color 0.15s, border-color 0.15s',
    _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
    _disabled: { cursor: 'not-allowed', opacity: 0.5 },
  },
  variants: {
    variant: {
      primary: {
        bg: 'bg.primary',
        color: 'fg.onPrimary',
        _hover: { _enabled: { bg: 'bg.primaryHover' } },
      },
      secondary: {
        bg: 'bg.surface',
        color: 'fg.primary',
        borderColor: 'border.primary',
        _hover: { _enabled: { bg: 'bg.primarySubtle' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        _hover: { _enabled: { bg: 'bg.muted' } },
      },
      danger: {
        bg: 'bg.error',
        color: 'fg.onPrimary',
        _hover: { _enabled: { bg: 'bg.errorHover' } },
      },
      link: {
        bg: 'transparent',
        color: 'fg.link',
        px: '0!',
        textDecoration: 'underline',
        _hover: { _enabled: { color: 'fg.default' } },
      },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', px: '4', fontSize: 'sm' },
      lg: { h: '12', px: '6', fontSize: 'md' },
      icon: { h: '10', w: '10', p: '0' },
    },
    fullWidth: { true: { w: 'full' } },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
})

const input = defineRecipe({
  className: 'input',
  description: 'Text inputs and select triggers',
  base: {
    w: 'full',
    h: '10',
    px: '3',
    bg: 'bg.surface',
    color: 'fg.default',
    borderWidth: '1px',
    borderColor: 'border.control',
    borderRadius: 'l2',
    fontSize: 'sm',
    outline: 'none',
    transition: 'border-color 0.15s, box-shadow 0.15s',
    _placeholder: { color: 'fg.subtle' },
    _focusVisible: { borderColor: 'border.focus', boxShadow: '0 0 0 1px token(colors.border.focus)' },
    _disabled: { bg: 'bg.muted', color: 'fg.muted', cursor: 'not-allowed' },
    _invalid: { borderColor: 'border.error', _focusVisible: { boxShadow: '0 0 0 1px token(colors.border.error)' } },
  },
})

const card = defineRecipe({
  className: 'card',
  description: 'White surface with a soft border, used for claim cards and forms',
  base: {
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border.subtle',
    borderRadius: 'l3',
    boxShadow: 'sm',
    p: { base: '4', md: '6' },
    color: 'fg.default',
  },
  variants: {
    tone: {
      plain: {},
      accent: { borderTopWidth: '4px', borderTopColor: 'border.primary' },
    },
  },
  defaultVariants: { tone: 'plain' },
})

const banner = defineRecipe({
  className: 'banner',
  description: 'Red error and green success notices (spec section 8)',
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    px: '4',
    py: '3',
    borderRadius: 'l2',
    borderWidth: '1px',
    fontSize: 'sm',
    fontWeight: 'medium',
  },
  variants: {
    tone: {
      error: { bg: 'bg.errorSubtle', color: 'fg.error', borderColor: 'border.error' },
      success: { bg: 'bg.successSubtle', color: 'fg.success', borderColor: 'border.success' },
      info: { bg: 'bg.infoSubtle', color: 'fg.default', borderColor: 'border.info' },
      warning: { bg: 'bg.warningSubtle', color: 'fg.warning', borderColor: 'border.warning' },
    },
  },
  defaultVariants: { tone: 'error' },
})

const chip = defineRecipe({
  className: 'chip',
  description:
    'A status chip: a dot and a short label, its tone from the status (document status, service-level badge). ' +
    'Text always names the status, so colour is never the only cue (WCAG 1.4.1).',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    px: '2.5',
    py: '0.5',
    borderRadius: 'full',
    borderWidth: '1px',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    _before: { content: '""', w: '2', h: '2', borderRadius: 'full', bg: 'currentColor', flexShrink: 0 },
  },
  variants: {
    tone: {
      gray: { bg: 'gray.100', color: 'gray.700', borderColor: 'gray.400' },
      green: { bg: 'green.100', color: 'green.800', borderColor: 'green.600' },
      amber: { bg: 'amber.100', color: 'amber.900', borderColor: 'amber.600' },
      blue: { bg: 'blue.100', color: 'blue.800', borderColor: 'blue.600' },
      red: { bg: 'red.100', color: 'red.800', borderColor: 'red.600' },
      teal: { bg: 'teal.100', color: 'teal.800', borderColor: 'teal.600' },
      orange: { bg: 'orange.100', color: 'orange.800', borderColor: 'orange.600' },
    },
  },
  defaultVariants: { tone: 'gray' },
})

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  // The chip's tone is looked up from a status at run time, which Panda's static extraction cannot see: emit all tones.
  staticCss: { recipes: { chip: [{ tone: ['*'] }] } },
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg.default',
      fontFamily: 'body',
      lineHeight: '1.5',
      WebkitFontSmoothing: 'antialiased',
    },
    mark: { bg: 'bg.highlight', color: 'inherit', borderRadius: '2px', px: '0.5' },
    a: { color: 'inherit' },
  },
  theme: {
    extend: {
      keyframes: {
        fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
        slideInLeft: { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
        slideInRight: { from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } },
      },
      breakpoints: { xs: '420px', sm: '430px', md: '768px', lg: '960px', xl: '1200px' },
      tokens: {
        fonts: {
          body: {
            value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
          },
        },
        colors: {
          navy: {
            50: { value: '#eef1f8' },
            100: { value: '#d6dcec' },
            300: { value: '#8b97bb' },
            400: { value: '#5d6889' },
            500: { value: '#3d4c7a' },
            700: { value: '#1f2a4f' },
            800: { value: '#17203d' },
            900: { value: '#0f1630' },
          },
          // Contrast (WCAG 2.2 AA, docs/decisions/accessibility.md): 500 is the logo's green and only draws shapes
          // and borders (3.46:1 on white, above the 3:1 for non-text); text sits on 600 or darker (white on 600 is
          // 5.39:1), and green text is 700 (6.49:1 on white, 5.95:1 on 50, 5.23:1 on 100, 6.00:1 on the canvas).
          brand: {
            50: { value: '#ecf8f0' },
            100: { value: '#cfeedb' },
            500: { value: '#1e9e55' },
            600: { value: '#157a43' },
            700: { value: '#126c3b' },
            800: { value: '#0f5c32' },
          },
          highlight: { value: '#ffe94d' },
        },
        sizes: {
          sideMenu: { value: '298px' },
          topBar: { value: '64px' },
        },
        // Layers named by the components (Panda's presets define none, so `zIndex: 'sticky'` was invalid CSS and
        // positioned page content scrolled over the sticky top bar). Lists inside a dialog sit above it.
        zIndex: {
          sticky: { value: 100 },
          overlay: { value: 1300 },
          modal: { value: 1400 },
          dropdown: { value: 1500 },
          popover: { value: 1500 },
          tooltip: { value: 1800 },
          skipLink: { value: 1900 },
        },
        radii: {
          l1: { value: '4px' },
          l2: { value: '8px' },
          l3: { value: '12px' },
        },
      },
      semanticTokens: {
        colors: {
          fg: {
            default: { value: '{colors.navy.800}' },
            muted: { value: '{colors.navy.500}' },
            // Placeholders and the search icon: 5.52:1 on white, 4.88:1 on the muted grey (navy.300 was 2.90:1).
            subtle: { value: '{colors.navy.400}' },
            primary: { value: '{colors.brand.700}' },
            onPrimary: { value: '{colors.white}' },
            link: { value: '{colors.brand.700}' },
            error: { value: '{colors.red.700}' },
            success: { value: '{colors.green.800}' },
            warning: { value: '{colors.amber.800}' },
            inverted: { value: '{colors.white}' },
          },
          bg: {
            canvas: { value: '#f4f6fa' },
            surface: { value: '{colors.white}' },
            muted: { value: '{colors.navy.50}' },
            primary: { value: '{colors.brand.600}' },
            primaryHover: { value: '{colors.brand.700}' },
            primarySubtle: { value: '{colors.brand.50}' },
            navActive: { value: '{colors.brand.100}' },
            header: { value: '{colors.navy.800}' },
            error: { value: '{colors.red.600}' },
            errorHover: { value: '{colors.red.700}' },
            errorSubtle: { value: '{colors.red.50}' },
            successSubtle: { value: '{colors.green.50}' },
            infoSubtle: { value: '{colors.navy.50}' },
            warningSubtle: { value: '{colors.amber.50}' },
            highlight: { value: '{colors.highlight}' },
            tooltip: { value: '{colors.amber.100}' },
            backdrop: { value: 'rgba(15, 22, 48, 0.55)' },
          },
          border: {
            default: { value: '{colors.navy.100}' },
            // The edge of a text field or select is what shows it is one (WCAG 1.4.11 non-text contrast, 3:1):
            // 3.52:1 on white. Cards and dividers keep the light default, which only decorates.
            control: { value: '#7d88a8' },
            subtle: { value: '#e4e8f1' },
            primary: { value: '{colors.brand.500}' },
            focus: { value: '{colors.brand.600}' },
            error: { value: '{colors.red.500}' },
            success: { value: '{colors.green.500}' },
            info: { value: '{colors.navy.300}' },
            warning: { value: '{colors.amber.500}' },
          },
        },
      },
      recipes: { button, input, card, banner, chip },
    },
  },
})
