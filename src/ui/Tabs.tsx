/**
 * Tabs on Ark Tabs for panels of one page ('Proceso actual' / 'Tiempo'), and `TabLinks`, the same look for sections
 * that are pages of their own (the claim process tabs). The active one is highlighted.
 */
import { Tabs as ArkTabs } from '@ark-ui/react'
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { TABS_TEXTS } from './arkTexts'
import { ChevronLeftIcon, ChevronRightIcon } from './screenIcons'

interface TabSpec {
  value: string
  label: ReactNode
  content?: ReactNode
  disabled?: boolean
}

export interface TabsProps {
  tabs: readonly TabSpec[]
  value: string
  onValueChange: (value: string) => void
  label?: string
}

const list = css({
  display: 'flex',
  gap: '1',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  overflowX: 'auto',
})
const trigger = css({
  px: '4',
  py: '2.5',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.muted',
  whiteSpace: 'nowrap',
  borderBottomWidth: '3px',
  borderColor: 'transparent',
  mb: '-1px',
  cursor: 'pointer',
  _hover: { color: 'fg.default' },
  _selected: { color: 'fg.primary', borderColor: 'border.primary' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '-2px' },
})
const linkTrigger = css({
  display: 'block',
  textDecoration: 'none',
  '&[aria-current=page]': { color: 'fg.primary', borderColor: 'border.primary' },
})

export function Tabs({ tabs, value, onValueChange, label }: TabsProps) {
  return (
    <ArkTabs.Root value={value} onValueChange={(details) => onValueChange(details.value)} translations={{ listLabel: label ?? TABS_TEXTS.listLabel }}>
      <ArkTabs.List className={list}>
        {tabs.map((tab) => (
          <ArkTabs.Trigger key={tab.value} value={tab.value} disabled={tab.disabled} className={trigger}>
            {tab.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {tabs.map((tab) =>
        tab.content === undefined ? null : (
          <ArkTabs.Content key={tab.value} value={tab.value} className={css({ pt: '4' })}>
            {tab.content}
          </ArkTabs.Content>
        ),
      )}
    </ArkTabs.Root>
  )
}

export interface TabLinkSpec {
  to: string
  label: ReactNode
  current: boolean
}

const cueBase = css({
  position: 'absolute',
  top: '0',
  bottom: '1px',
  w: '10',
  display: 'flex',
  alignItems: 'center',
  color: 'fg.primary',
  cursor: 'pointer',
  transition: 'opacity 0.15s',
  '&[data-shown=false]': { opacity: 0, pointerEvents: 'none' },
})
// Opaque but for a short fade at the inner edge, and as wide as the link cut at that end (`hiddenEnds`): a fixed,
// see-through fade let fragments of the neighbouring links ('38', 'C') show at 375 px (issue 21).
const cueStart = css({ left: '0', justifyContent: 'flex-start', background: 'linear-gradient(to right, token(colors.bg.canvas) calc(100% - 12px), transparent)' })
const cueEnd = css({ right: '0', justifyContent: 'flex-end', background: 'linear-gradient(to left, token(colors.bg.canvas) calc(100% - 12px), transparent)' })
/** The cue's smallest width (its arrow), in px: 2.5rem. */
const CUE_MIN_PX = 40

interface HiddenEnds {
  start: boolean
  end: boolean
  /** How wide each cue must be to cover the link cut at its end, in px (never narrower than the arrow). */
  startWidth: number
  endWidth: number
}

/** Which ends of a horizontally scrolling list hide links (a pixel of slack for sub-pixel widths), and what they cut. */
function hiddenEnds(list: HTMLElement): HiddenEnds {
  const box = list.getBoundingClientRect()
  let startWidth = CUE_MIN_PX
  let endWidth = CUE_MIN_PX
  for (const item of Array.from(list.children)) {
    const r = item.getBoundingClientRect()
    if (r.left < box.left - 1 && r.right > box.left + 1) startWidth = Math.max(startWidth, Math.ceil(r.right - box.left))
    if (r.right > box.right + 1 && r.left < box.right - 1) endWidth = Math.max(endWidth, Math.ceil(box.right - r.left))
  }
  return {
    start: list.scrollLeft > 1,
    end: list.scrollLeft + list.clientWidth < list.scrollWidth - 1,
    startWidth,
    endWidth,
  }
}

const sameEnds = (a: HiddenEnds, b: HiddenEnds) =>
  a.start === b.start && a.end === b.end && a.startWidth === b.startWidth && a.endWidth === b.endWidth

/**
 * Sections that each have their own address, shown as tabs. They are links in a named navigation, the current one
 * `aria-current="page"`, not an ARIA tablist: a tablist promises that arrow keys switch panels in place, while here
 * choosing a section loads another page (the arrow keys used to navigate away and drop focus on <body>).
 *
 * On a narrow screen the row scrolls sideways: the current link is scrolled into view when the page opens (the
 * last section was off screen at 375 px), and a fade with an arrow at each end that hides links says there is more
 * (clicking it scrolls). The cues are decoration (aria-hidden): keyboard and screen-reader users reach every link.
 */
export function TabLinks({ links, label }: { links: readonly TabLinkSpec[]; label: string }) {
  const listRef = useRef<HTMLUListElement>(null)
  const [ends, setEnds] = useState<HiddenEnds>({ start: false, end: false, startWidth: CUE_MIN_PX, endWidth: CUE_MIN_PX })
  const currentTo = links.find((link) => link.current)?.to

  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    const current = list.querySelector<HTMLElement>('[aria-current=page]')
    // Scroll the row, not the page: scrollIntoView would also move the window vertically.
    if (current) list.scrollLeft = Math.max(0, current.offsetLeft - list.offsetLeft - (list.clientWidth - current.offsetWidth) / 2)
    const update = () => setEnds((previous) => {
      const next = hiddenEnds(list)
      return sameEnds(next, previous) ? previous : next
    })
    update()
    list.addEventListener('scroll', update, { passive: true })
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null
    observer?.observe(list)
    return () => {
      list.removeEventListener('scroll', update)
      observer?.disconnect()
    }
  }, [currentTo])

  const scrollBy = (direction: 1 | -1) => listRef.current?.scrollBy({ left: direction * listRef.current.clientWidth * 0.7, behavior: 'smooth' })

  return (
    <nav aria-label={label} className={css({ position: 'relative' })} data-overflow-start={ends.start} data-overflow-end={ends.end}>
      <ul ref={listRef} className={cx(list, css({ listStyle: 'none', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }))}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} aria-current={link.current ? 'page' : undefined} className={cx(trigger, linkTrigger)}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <div aria-hidden="true" data-part="overflow-cue-start" data-shown={ends.start} className={cx(cueBase, cueStart)} style={{ width: ends.startWidth }} onClick={() => scrollBy(-1)}>
        <ChevronLeftIcon size={18} />
      </div>
      <div aria-hidden="true" data-part="overflow-cue-end" data-shown={ends.end} className={cx(cueBase, cueEnd)} style={{ width: ends.endWidth }} onClick={() => scrollBy(1)}>
        <ChevronRightIcon size={18} />
      </div>
    </nav>
  )
}
